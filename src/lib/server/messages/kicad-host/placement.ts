// Server messages of placing a part in KiCad (issue #17, ADR 0015 §2), spread into ../zh.ts and ../en.ts.
// Keys start with 'placement.'; zh is the source, en has exactly the same keys.
export const placementZh = {
  'placement.noAsset.DL_COMPONENT': '器件 {name} 没有可放置的 KiCad 符号或封装',
  'placement.noAsset.DL_SYMBOL': '器件 {name} 没有 KiCad 符号',
  'placement.noAsset.DL_FOOTPRINT': '器件 {name} 没有 KiCad 封装',
  'placement.noAsset.DL_3DMODEL': '器件 {name} 没有 3D 模型',
} as const;

export const placementEn: { readonly [K in keyof typeof placementZh]: string } = {
  'placement.noAsset.DL_COMPONENT': 'Part {name} has no KiCad symbol or footprint to place',
  'placement.noAsset.DL_SYMBOL': 'Part {name} has no KiCad symbol',
  'placement.noAsset.DL_FOOTPRINT': 'Part {name} has no KiCad footprint',
  'placement.noAsset.DL_3DMODEL': 'Part {name} has no 3D model',
};
