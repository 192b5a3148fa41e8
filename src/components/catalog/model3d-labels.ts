import { MODEL3D_VIEWS, type Model3dLabels } from '../../islands/catalog/model3d-frame';
import { t, type Locale } from '../../lib/i18n/i18n';

/**
 * The 3D frame's strings in the page's language. What differs between the product page and the
 * own-component editor (the image's alt text, which file is shown, the twin note) is passed in.
 */
export function model3dLabels(locale: Locale, own: Pick<Model3dLabels, 'alt' | 'shown' | 'twin'>): Model3dLabels {
  return {
    ...own,
    noScript: t(locale, 'detail.model3dNoScript'),
    loading: t(locale, 'detail.model3dLoading'),
    failed: t(locale, 'detail.model3dFailed'),
    retry: t(locale, 'detail.model3dRetry'),
    noWebgl: t(locale, 'detail.model3dNoWebgl'),
    stats: t(locale, 'detail.model3dStats', { triangles: '{triangles}' }),
    aligned: t(locale, 'detail.model3dAligned', { met: '{met}', pads: '{pads}' }),
    misaligned: t(locale, 'detail.model3dMisaligned', { met: '{met}', pads: '{pads}' }),
    alignHelp: t(locale, 'detail.model3dAlignHelp'),
    viewsGroup: t(locale, 'detail.model3dViews'),
    views: Object.fromEntries(MODEL3D_VIEWS.map((v) => [v, t(locale, `detail.model3dView.${v}`)])) as Model3dLabels['views'],
    board: t(locale, 'detail.model3dBoard'),
    boardTitle: t(locale, 'detail.model3dBoardTitle'),
    reset: t(locale, 'detail.model3dReset'),
    fullscreen: t(locale, 'detail.model3dFullscreen'),
    help: t(locale, 'detail.model3dHelp'),
  };
}
