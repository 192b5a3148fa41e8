import { Code } from '../../lib/server/errors.ts';
import type { DesignDetail } from '../../lib/designs/designs.schema.ts';
import { designDetail, designFile } from '../designs/design-api.ts';
import type { PickedFile } from './file-pick.tsx';

// Opening a stored design in the viewer (issue #14): its detail from GET /api/design/detail, then
// each KiCad file through GET /api/design/file, handed to the viewer as the files a person would
// pick, so they take the same worker path as local files.

export type StoredDesign =
  | { kind: 'ok'; detail: DesignDetail; files: PickedFile[] }
  /** Absent, or someone else's private design: the server answers 404 to both. */
  | { kind: 'notFound'; message: string }
  | { kind: 'failed'; message: string };

const VIEWABLE = new Set(['project', 'schematic', 'board']);

export async function loadStoredDesign(id: string, token: string, onProgress: (done: number, total: number) => void): Promise<StoredDesign> {
  let env;
  try {
    env = await designDetail(id);
  } catch (e) {
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
  if (env.code === Code.notFound || env.code === Code.badInput) return { kind: 'notFound', message: env.msg };
  if (env.code !== Code.ok) return { kind: 'failed', message: env.msg };
  const detail = env.result;
  const wanted = detail.files.filter((f) => VIEWABLE.has(f.kind));
  let done = 0;
  onProgress(done, wanted.length);
  try {
    const files = await Promise.all(
      wanted.map(async (f) => {
        const bytes = await designFile(detail.id, f.name, token);
        onProgress(++done, wanted.length);
        // The file's name is its last path segment; the path keeps the project's folders.
        return { file: new File([bytes as BlobPart], f.name.split('/').pop() ?? f.name), path: f.name };
      }),
    );
    return { kind: 'ok', detail, files };
  } catch (e) {
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}
