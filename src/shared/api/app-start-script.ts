/**
 * The pre-rendered pages' second inline script, at the end of their body: it asks for the page's
 * modules only once the frame's first contentful paint has been shown, so that paint never waits for a
 * module to be fetched, compiled and run (docs/decisions/010-first-load-weight.md, "Nothing blocks the
 * first paint"). `data-modules` names the entry first, then the chunks it imports, fetched beside it.
 * A hidden page (a background tab) paints nothing, and a browser without paint timing says nothing, so
 * those start at once; a paint not reported within a second starts them anyway. The build writes it
 * (scripts/prerender-pages.tsx) and the server allows exactly this text by its hash
 * (src/server/http/security-headers.ts).
 */
export const APP_START_SCRIPT =
  "(function(){var s=document.currentScript,m=((s&&s.dataset.modules)||'').split(' ').filter(Boolean),started=false;if(!m.length)return;function add(rel,href){var l=document.createElement(rel==='script'?'script':'link');if(rel==='script'){l.type='module';l.src=href}else{l.rel=rel;l.href=href}l.crossOrigin='';document.head.appendChild(l)}function go(){if(started)return;started=true;m.slice(1).forEach(function(h){add('modulepreload',h)});add('script',m[0])}var P=window.PerformanceObserver;if(document.visibilityState==='hidden'||!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return go();new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true});setTimeout(go,1000)})()";
