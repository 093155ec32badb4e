import Icons from 'unplugin-icons/vite';
import type { PluginOption } from 'vite';

/*
 * `import Trash from '~icons/lucide/trash'`: a Lucide icon as a React component, made at build time by
 * unplugin-icons from Iconify's copy of the Lucide set (@iconify-json/lucide), so only the icons
 * imported reach the bundle and the install carries one JSON file instead of lucide-react's 50 MB
 * (docs/decisions/041-icons-at-build-time.md). unplugin-icons' own React output needs svgr and Babel;
 * the component here is written by `lucideComponent`, which draws as lucide-react did.
 */

/** The stroke Iconify writes on each Lucide drawing, moved to the <svg> so a `strokeWidth` prop changes it. */
const LUCIDE_STROKE =
  ' fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"';

/**
 * The module of one icon: an <svg> 24 pixels square (CSS classes size it), stroked in the text colour,
 * hidden from assistive technology unless labelled, its props laid over those defaults.
 */
export function lucideComponent(svg: string, icon: string): string {
  const match = /^<svg\b[^>]*\bviewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>$/.exec(svg.trim());
  if (!match) throw new Error(`the Lucide icon "${icon}" is not one <svg> with a viewBox`);
  const [, viewBox, drawing = ''] = match;
  if (!drawing.includes(LUCIDE_STROKE))
    throw new Error(`the Lucide icon "${icon}" is not drawn in Lucide's stroke`);
  const body = drawing.replaceAll(LUCIDE_STROKE, '');
  return `import { createElement } from 'react';
const drawing = { __html: ${JSON.stringify(body)} };
export default function Lucide(props) {
  const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
  return createElement('svg', {
    xmlns: 'http://www.w3.org/2000/svg', width: 24, height: 24, viewBox: ${JSON.stringify(viewBox)},
    fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round',
    'aria-hidden': labelled ? undefined : 'true', ...props, dangerouslySetInnerHTML: drawing,
  });
}
`;
}

export function lucideIconsPlugin(): PluginOption {
  return Icons({
    compiler: { compiler: (svg, _collection, icon) => lucideComponent(svg, icon), extension: 'js' },
  });
}
