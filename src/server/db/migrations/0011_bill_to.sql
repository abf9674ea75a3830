ALTER TABLE "bills" ADD COLUMN "bill_to" jsonb;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "service_address" jsonb;--> statement-breakpoint
-- Bills issued before this migration are addressed from the customer's data now, by the rule the
-- billing run applies from here on (src/server/billing/bill-to.ts): the billing address's name,
-- else the first contact's; the business name, else the first contact's; the billing address,
-- else the first service address.
WITH holder AS (
  SELECT DISTINCT ON (cid) cid, first_name, middle_initial, last_name, business
  FROM "contacts" ORDER BY cid, contact_id
), service AS (
  SELECT DISTINCT ON (cid) cid,
    jsonb_build_object('line1', line1, 'line2', line2, 'city', city, 'state', state, 'zip_code', zip_code) AS address
  FROM "service_addresses" ORDER BY cid, id
), addressee AS (
  SELECT c.cid,
    coalesce(
      nullif(trim(coalesce(cb.address_fname, '') || ' ' || coalesce(cb.address_lname, '')), ''),
      nullif(trim(coalesce(h.first_name, '')
        || CASE WHEN coalesce(h.middle_initial, '') <> '' THEN ' ' || h.middle_initial || '.' ELSE '' END
        || ' ' || coalesce(h.last_name, '')), ''),
      coalesce(h.business, '')
    ) AS name,
    nullif(coalesce(nullif(c.business_name, ''), h.business, ''), '') AS company,
    CASE WHEN coalesce(cb.address_line1, '') <> '' THEN jsonb_build_object(
      'line1', cb.address_line1, 'line2', cb.address_line2, 'city', cb.address_city,
      'state', cb.address_state, 'zip_code', cb.address_zip_code)
    ELSE s.address END AS address,
    s.address AS service_address
  FROM "customers" c
  LEFT JOIN "customer_billing" cb ON cb.cid = c.cid
  LEFT JOIN holder h ON h.cid = c.cid
  LEFT JOIN service s ON s.cid = c.cid
)
UPDATE "bills" b SET
  "bill_to" = jsonb_build_object('name', a.name, 'company', a.company, 'address', a.address),
  "service_address" = a.service_address
FROM addressee a WHERE a.cid = b.cid;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "bill_to" SET NOT NULL;
