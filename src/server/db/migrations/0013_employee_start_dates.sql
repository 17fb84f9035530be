-- Start dates are dates (issue 13): a kiosk used to store the moment someone was added. Each such
-- value becomes the UTC midnight of its calendar date in the business's zone; values already at a
-- UTC midnight (dates given through the API) stay as they are.
UPDATE "employees" AS e
SET "start_date" = (date(e."start_date" AT TIME ZONE b."iana_time_zone"))::timestamp AT TIME ZONE 'UTC'
FROM "businesses" AS b
WHERE b."id" = e."business_id"
  AND e."start_date" IS NOT NULL
  AND e."start_date" <> (date(e."start_date" AT TIME ZONE 'UTC'))::timestamp AT TIME ZONE 'UTC';
