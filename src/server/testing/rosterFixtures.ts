/**
 * Helpers of the roster shift API tests: a tenant's roster shifts, locations and work types made
 * through the real app, and the fields a 400 names.
 */
import { expect } from 'vitest';
import { UkEssRosterShiftModel, UkRosterShiftGenerateTimesheetModel } from '../../contract/generated/models';
import type { Tenant } from './fixtures';
import type { ApiResult, TestService } from './testService';

export type Body = Record<string, unknown>;

/** The helpers, for the test service `service()` returns (a file's, once its beforeAll has run). */
export function rosterHelpers(service: () => TestService) {
  const post = (tenant: Tenant, json: Body, query = ''): Promise<ApiResult> =>
    service().request('POST', `${tenant.base}/rostershift${query}`, { auth: tenant.manager.auth, json });

  const create = async (tenant: Tenant, json: Body, query = '?publish=true'): Promise<UkEssRosterShiftModel> => {
    const res = await post(tenant, json, query);
    expect(res.status, res.text).toBe(200);
    return UkEssRosterShiftModel.parse(res.body);
  };

  const list = async (tenant: Tenant, query: string): Promise<UkRosterShiftGenerateTimesheetModel[]> => {
    const res = await service().request('GET', `${tenant.base}/rostershift?${query}`, { auth: tenant.manager.auth });
    expect(res.status, res.text).toBe(200);
    return UkRosterShiftGenerateTimesheetModel.array().parse(res.body);
  };

  const makeLocation = async (tenant: Tenant, name: string): Promise<number> => {
    const res = await service().request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name } });
    expect(res.status, res.text).toBe(200);
    return (res.body as { id: number }).id;
  };

  const makeWorkType = async (tenant: Tenant, name: string, extra: Body = {}): Promise<number> => {
    const res = await service().request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json: { name, ...extra } });
    expect(res.status, res.text).toBe(200);
    return (res.body as { id: number }).id;
  };

  return { post, create, list, makeLocation, makeWorkType };
}

/** Breaks without their (generated) ids. */
export function withoutIds(breaks: UkEssRosterShiftModel['breaks']) {
  return (breaks ?? []).map(({ startTime, endTime, isPaidBreak }) => ({ startTime, endTime, isPaidBreak }));
}

/** The fields a 400 names. */
export function fieldsOf(res: ApiResult): string[] {
  return ((res.body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
}
