/**
 * The bounds of every list the API answers: default and maximum page sizes, the OData limits, the
 * clocked-shift search window and the kiosk staff list's cap. One place for these facts: the route
 * definitions document them in the OpenAPI text, the service applies them in SQL, and the client
 * pages by them.
 */

export interface PageLimits {
  /** Items answered when `$top` is not given. */
  defaultTop: number;
  /** The most items one request answers; a larger `$top` is lowered to it (the vendor does the same). */
  maxTop: number;
}

export const PAGE_LIMITS = {
  /** The employee directory: the vendor's own limit of 100 per request. */
  employees: { defaultTop: 100, maxTop: 100 },
  /**
   * Lists that grow with history (timesheet lines, the punch audit trail): a page a screen can show
   * by default, and a maximum that keeps one answer well under a megabyte.
   */
  history: { defaultTop: 100, maxTop: 500 },
  /**
   * Lists of a business's set-up (kiosks, locations, work types, employee groups, access, devices,
   * businesses, an employee's pick-lists, the notes of one shift): small by nature, so the default
   * is the maximum and callers that never page still get everything a real business has.
   */
  settings: { defaultTop: 1000, maxTop: 1000 },
  /** One person's punch photos with their images: few per page, so an answer stays a few megabytes. */
  photos: { defaultTop: 20, maxTop: 20 },
} as const satisfies Record<string, PageLimits>;

/** Limits on `$filter` and `$orderby`: longer or deeper queries are refused with 400 `unsupported-query`. */
export const ODATA_LIMITS = {
  maxFilterLength: 2000,
  /** Nesting of parentheses and `not`. */
  maxFilterDepth: 20,
  /** Comparisons in one `$filter`. */
  maxFilterTerms: 100,
  maxOrderByLength: 500,
  maxOrderByKeys: 8,
  /** `$top` and `$skip` are int32 (the SDK's type). */
  maxCount: 2147483647,
} as const;

/** `POST B/kiosk/shifts`, which has no paging controls in the contract. */
export const SHIFT_SEARCH = {
  /** Without dates, the search covers the last 7 days up to now. */
  defaultWindowDays: 7,
  /** A longer window is refused with 400 on `toDateUtc`. */
  maxWindowDays: 31,
  /** At most this many shifts are answered: the newest ones of the window. */
  maxResults: 500,
  /**
   * A completed shift that began before the window counts when it was still running at the
   * window's start and began at most this long before it (shifts still open count however old).
   */
  overlapLookbackHours: 48,
} as const;

/** The kiosk staff list is answered whole (the kiosk works offline with it), up to this many. */
export const KIOSK_STAFF_MAX = 20000;

/** Roster shifts (contract 2.8): the list's paging and window, the kiosk's offline roster, a shift's length. */
export const ROSTER_LIST = {
  /** `GET B/rostershift` without PageSize, and its largest page (a larger PageSize is lowered to it). */
  defaultPageSize: 100,
  maxPageSize: 500,
  /** A longer FromDate..ToDate window is a 400 on ToDate. */
  maxWindowDays: 62,
  /** Ids in one SelectedLocations/SelectedEmployees/SelectedRoles. */
  maxSelected: 500,
  /** `GET B/kiosk/{kioskId}/roster` (project extension): its longest window and most shifts. */
  kioskWindowDays: 14,
  kioskMaxShifts: 5000,
  /** A roster shift lasts at most this long. */
  maxShiftHours: 24,
} as const;
