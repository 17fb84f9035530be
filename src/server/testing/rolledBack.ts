/**
 * A request made through a second instance of the app whose database handle is a transaction
 * that is always rolled back: tests can see what a request would do (its answer) without it
 * changing anything the rest of the test relies on.
 */
import { createService } from '../app';
import { sendRequest, type ApiResult, type RequestOptions, type TestService } from './testService';

class RollBack extends Error {}

export async function requestInRolledBackTransaction(
  t: TestService,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult> {
  let result: ApiResult | null = null;
  try {
    await t.db.transaction(async (tx) => {
      const service = createService({ db: tx, settings: t.settings, now: () => t.clock.now(), logger: t.logger });
      result = await sendRequest(service, method, path, options);
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  if (!result) throw new Error('the rolled-back request gave no answer');
  return result;
}
