-- Hand-written (issue 38): a website's domains are stored in the form requests are looked up in,
-- `normaliseHost` (packages/shared/src/websites.ts): lower case, no port, no trailing dot. Rows
-- stored otherwise ('localhost:3000', 'shopb.test:443', 'Shop.test.') are rewritten. Where two rows
-- become one host, the row already in that form is kept (the host browsers reach: 'shopb.test',
-- not another website's 'shopb.test:443'), else a primary one, else the oldest; a website left
-- without a primary domain gets its oldest. Internationalised names cannot be turned into punycode
-- here, and none can be stored: the old form took letters, digits, dots, hyphens and a port only.
DELETE FROM "website_domains" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY regexp_replace(regexp_replace(lower("host"), ':[0-9]*$', ''), '\.$', '')
      ORDER BY ("host" = regexp_replace(regexp_replace(lower("host"), ':[0-9]*$', ''), '\.$', '')) DESC, "is_primary" DESC, "id"
    ) AS "n"
    FROM "website_domains"
  ) AS "ranked"
  WHERE "n" > 1
);--> statement-breakpoint
UPDATE "website_domains" SET "host" = regexp_replace(regexp_replace(lower("host"), ':[0-9]*$', ''), '\.$', '')
WHERE "host" <> regexp_replace(regexp_replace(lower("host"), ':[0-9]*$', ''), '\.$', '');--> statement-breakpoint
UPDATE "website_domains" SET "is_primary" = true WHERE "id" IN (
  SELECT min("id") FROM "website_domains" GROUP BY "website_id" HAVING NOT bool_or("is_primary")
);--> statement-breakpoint
-- NOT VALID: an odd row written by hand before this (not one the old form allowed) cannot stop an
-- install from upgrading; every row written from now on is held to the form.
ALTER TABLE "website_domains" ADD CONSTRAINT "website_domains_host_normal" CHECK ("website_domains"."host" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$') NOT VALID;
