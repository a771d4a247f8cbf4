import { openInProcess } from './final-run.js';
import { dumpReadModels, readModelCollections } from '@fleet/api/platform/replay';

/** Every read-model document of the runtime `env` configures (opened, read, closed). */
export async function readModelsOf(
  env: Readonly<Record<string, string>>,
): Promise<Record<string, unknown[]>> {
  const runtime = await openInProcess(env);
  try {
    return await dumpReadModels(runtime.adapters.store, readModelCollections(runtime.platform.projections));
  } finally {
    await runtime.close();
  }
}
