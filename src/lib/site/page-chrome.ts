// SPEC §2: header and footer are hidden on paths containing these segments (host-embedded
// dialogs and editors).
export const CHROMELESS_SEGMENTS = [
  '/symbolSelector',
  '/library',
  '/addSymbolDevice',
  '/addFragment',
  '/login',
  '/addComponentType',
  '/addDesignBlockType',
  '/modifyFragment',
  '/addProject',
] as const;

export function hidesChrome(path: string): boolean {
  return CHROMELESS_SEGMENTS.some((segment) => path.includes(segment));
}
