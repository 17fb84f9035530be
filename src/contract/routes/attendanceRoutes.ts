/**
 * The time-and-attendance routes a person clocks through, which the kiosk group (under
 * `B/kiosk/{kioskId}`) and employee self-service (under `/api/v2/ess/{employeeId}/timeandattendance`)
 * declare alike: the punches, a shift's notes (list, add, mark read) and the clock-on pick-lists.
 * The family fills in what they share (method, path below the place, path parameters, the notes'
 * query, the Idempotency-Key header, the answers and errors); a group states only what differs:
 * where it lives, who may call, operation ids, words, bodies, regional shapes. Each route returns
 * defineRoute's exact type, so handlers and the client are typed as before.
 */
import { z } from 'zod';
import * as m from '../generated/models';
import { PAGE_LIMITS } from '../paging';
import { access, conflictError, emptyOk, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, queryBool, queryInt, standardErrors, type RouteAccess } from './common';
import { defineRoute, type RouteVariants } from './define';
import { pageQuery } from './odataQuery';
import { answerOf } from './regional';

/** The filters of a shift's note list, as the contract lists them. */
const shiftNoteQuery = pageQuery(PAGE_LIMITS.settings).extend({
  EmployeeId: queryInt.optional(),
  IsAdminInitiated: queryBool.optional(),
  Type: m.TimeAttendanceShiftNoteTypeInput.optional(),
  Visibility: m.TimeAttendanceShiftNoteVisibilityInput.optional(),
});

/** What every route of the family says of itself. */
interface Words {
  operationId: string;
  summary: string;
  description?: string;
}

/**
 * The routes of one place a person clocks through: `base` is its path (punches at `base/<kind>`,
 * notes at `base/shift/{shiftId}/notes`), `params` its path parameters, `need` who may call.
 */
export function attendanceRoutes<S extends z.ZodRawShape>(place: { base: string; params: z.ZodObject<S>; need: RouteAccess; tags: string[] }) {
  const { base, params, need, tags } = place;
  const shiftParams = params.extend({ shiftId: pathId('shiftId') });
  const described = (words: Words) => (words.description !== undefined ? { description: words.description } : {});
  return {
    /** `POST base/<path>`: one punch, answering the person's new state; 409 when it does not follow. */
    punch: <T extends z.ZodType>(words: Words & { path: string; body: T; variants?: RouteVariants }) =>
      defineRoute({
        operationId: words.operationId,
        ...(words.variants ? { variants: words.variants } : {}),
        ...access(need),
        method: 'post',
        path: `${base}/${words.path}`,
        tags,
        summary: words.summary,
        ...described(words),
        request: { params, headers: idempotencyHeaders, ...jsonBody(words.body) },
        responses: { 200: jsonResponse(m.KioskEmployeeModel, "The employee's new state."), ...mutationErrors, ...conflictError },
      }),

    /** `GET base/shift/{shiftId}/notes`: one page of a clocked shift's notes, oldest first. */
    shiftNotes: (words: Words) =>
      defineRoute({
        operationId: words.operationId,
        ...access(need),
        method: 'get',
        path: `${base}/shift/{shiftId}/notes`,
        tags,
        summary: words.summary,
        ...described(words),
        request: {
          params: shiftParams,
          query: shiftNoteQuery,
        },
        responses: { 200: jsonResponse(z.array(m.ShiftNoteViewModel), 'The notes, oldest first.'), ...standardErrors },
      }),

    /** `POST base/shift/{shiftId}/notes`: adds a note to a clocked shift. */
    addNote: (words: Words) =>
      defineRoute({
        operationId: words.operationId,
        ...access(need),
        method: 'post',
        path: `${base}/shift/{shiftId}/notes`,
        tags,
        summary: words.summary,
        ...described(words),
        request: { params: shiftParams, headers: idempotencyHeaders, ...jsonBody(m.AddNoteModelInput) },
        responses: { 200: jsonResponse(m.ShiftNoteViewModel, 'The stored note.'), ...mutationErrors },
      }),

    /** `POST base/shift/{shiftId}/notes/read-state`: marks a shift's notes read or unread. */
    markNotesRead: (words: Words) =>
      defineRoute({
        operationId: words.operationId,
        ...access(need),
        method: 'post',
        path: `${base}/shift/{shiftId}/notes/read-state`,
        tags,
        summary: words.summary,
        ...described(words),
        request: { params: shiftParams, headers: idempotencyHeaders, ...jsonBody(m.MarkNotesReadViewModelInput) },
        responses: { ...emptyOk, ...mutationErrors },
      }),

    /**
     * `GET base/<path>` (e.g. `lookupdata`, or `lookupdata/{employeeId}` with `params` naming the
     * employee): what a clock-on may pick (locations, work types, shift conditions), AU shaped as AU.
     */
    lookupData: <L extends z.ZodObject>(words: Words & { path: string; params: L }) =>
      defineRoute({
        operationId: words.operationId,
        variants: { Au: answerOf(m.AuTimeAndAttendanceLookupDataModel, m.AuTimeAndAttendanceLookupDataModelFill) },
        ...access(need),
        method: 'get',
        path: `${base}/${words.path}`,
        tags,
        summary: words.summary,
        ...described(words),
        request: { params: words.params },
        responses: { 200: jsonResponse(m.UkTimeAndAttendanceLookupDataModel, 'Locations, work types, shift conditions.'), ...standardErrors },
      }),
  };
}
