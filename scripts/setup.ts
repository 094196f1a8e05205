// Applies migrations, creates the bucket and registers the Temporal namespace and search attributes (or, when
// TEMPORAL_NAMESPACE_MANAGED, only checks them)
// for the configuration in the environment. docker-compose.yml runs this before the API and the worker.
import { loadConfigOrExit } from '../libs/config/index.ts';
import { setUpServices } from './stack/setup.ts';

await setUpServices(loadConfigOrExit());
