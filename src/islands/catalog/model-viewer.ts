import { decodeMesh, type DecodedMesh } from '../../lib/viewer3d/mesh-format.ts';

// The 3D preview's engine entry: a chunk of its own, imported by the frame island
// (model3d-frame.tsx) only when the frame comes within a screen of the viewport, so pages that are
// never scrolled there never download it. The engine (src/lib/viewer3d) stays framework-free.

export { createViewer, webglSupport, type Viewer, type ViewName } from '../../lib/viewer3d/viewer.ts';

/** The preview mesh (CPM1) of GET /api/chiplet/products/model3d. */
export async function fetchMesh(src: string, headers?: Record<string, string>): Promise<DecodedMesh> {
  const response = await fetch(src, { credentials: 'same-origin', ...(headers ? { headers } : {}) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return decodeMesh(await response.arrayBuffer());
}
