import { loadServiceConfigOrExit } from '../../../libs/config/index.ts';
import { createApp } from './app.ts';

const config = loadServiceConfigOrExit();
const app = await createApp(config);
await app.listen(config.API_PORT, '0.0.0.0');
console.log(`API listening on http://localhost:${config.API_PORT}/api (docs at /api/docs)`);
