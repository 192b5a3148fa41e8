// Server messages of the KiCad host's API (issue #17: the kicad variants and kicad/feedback),
// spread into ../zh.ts and ../en.ts. Keys start with 'kicadHost.'; zh is the source, en has
// exactly the same keys.
export const kicadHostZh = {
  'kicadHost.boolean': '必须是 true 或 false',
  'kicadHost.feedback.target': '请给出 mfgMpnCode 或 userCompId 其中之一',
  'kicadHost.feedback.kind': '必须是 symbol、footprint、model3d 或 other 之一',
  'kicadHost.feedback.messageEmpty': '不能为空',
  'kicadHost.feedback.messageLong': '不能超过 {max} 个字符',
  'kicadHost.feedback.control': '不能包含控制字符、不可见字符或改变文字方向的字符',
  'kicadHost.feedback.hostVersion': '必须是版本号，如 9.0.5',
  'kicadHost.feedback.state': '必须是 open、resolved 或 rejected 之一',
  'kicadHost.feedback.resolution': '必须是 resolved 或 rejected',
  'kicadHost.feedback.noProduct': '元器件 {code} 不存在',
  'kicadHost.feedback.noComponent': '找不到自有元件 {id}：它不存在，或不属于你',
  'kicadHost.feedback.notFound': '找不到反馈 {id}',
  'kicadHost.feedback.notOpen': '反馈 {id} 已处理过，不能再次处理',
  'kicadHost.feedback.rateLimited': '反馈提交过于频繁，请 {seconds} 秒后再试',
} as const;

export const kicadHostEn: { readonly [K in keyof typeof kicadHostZh]: string } = {
  'kicadHost.boolean': 'must be true or false',
  'kicadHost.feedback.target': 'give exactly one of mfgMpnCode or userCompId',
  'kicadHost.feedback.kind': 'must be one of symbol, footprint, model3d or other',
  'kicadHost.feedback.messageEmpty': 'must not be empty',
  'kicadHost.feedback.messageLong': 'must be at most {max} characters',
  'kicadHost.feedback.control': 'must not contain control, invisible or text-direction characters',
  'kicadHost.feedback.hostVersion': 'must be a version number such as 9.0.5',
  'kicadHost.feedback.state': 'must be one of open, resolved or rejected',
  'kicadHost.feedback.resolution': 'must be resolved or rejected',
  'kicadHost.feedback.noProduct': 'Part {code} does not exist',
  'kicadHost.feedback.noComponent': 'Own component {id} not found: it does not exist or is not yours',
  'kicadHost.feedback.notFound': 'Report {id} not found',
  'kicadHost.feedback.notOpen': 'Report {id} has already been handled',
  'kicadHost.feedback.rateLimited': 'Too many reports; try again in {seconds} s',
} as const;
