// `npm run build` step: bundles the web catalog browser into dist/public/ (index.html + assets/).
import { WEB_OUTPUT, WEB_SOURCE, writeWeb } from '../src/http/web-assets.ts';
import { buildWeb } from '../src/http/web-build.ts';

const web = await buildWeb(WEB_SOURCE);
writeWeb(web, WEB_OUTPUT);
console.log(`web: ${[...web.assets.keys()].join(', ')} → ${WEB_OUTPUT}`);
