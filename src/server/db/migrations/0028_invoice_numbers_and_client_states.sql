-- Issue 32 part 3 (decision 0082). Invoice numbers: a GST document's number is unique within its
-- financial year, ignoring case (invoices_business_number_key_uq, migration 0012's number_key), as
-- CGST Rule 46(b) asks; the business-wide unique number now holds only for retail invoices, so
-- INV-1 of 31 March 2026 and INV-1 of 1 April 2026 are both allowed.
DROP INDEX "invoices_business_number_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_business_number_uq" ON "invoices" USING btree ("business_id","invoice_number") WHERE "invoices"."number_key" is null;--> statement-breakpoint
-- Client addresses (issue 32 part 3, decision 0082): an address whose state text names a state
-- gets that state's code (`stateCode`), by the list the app reads states with (the names, old
-- names, common misspellings, two-letter abbreviations and codes: STATE_NAME_VARIANTS in
-- src/domain/gst-states.ts; a test holds the two equal). The whole text first, then its last comma
-- piece without digits ("Bengaluru, Karnataka", "Karnataka 560001"). The text itself is kept, and
-- an address abroad is left alone. What is not read stays without a code: the clients list flags it.
CREATE TABLE "state_name_variants_0028" ("squashed" text PRIMARY KEY NOT NULL, "code" text NOT NULL);--> statement-breakpoint
INSERT INTO "state_name_variants_0028" ("squashed", "code") VALUES
  ('01', '01'), ('02', '02'), ('03', '03'), ('04', '04'), ('05', '05'), ('06', '06'), ('07', '07'),
  ('08', '08'), ('09', '09'), ('1', '01'), ('10', '10'), ('11', '11'), ('12', '12'), ('13', '13'),
  ('14', '14'), ('15', '15'), ('16', '16'), ('17', '17'), ('18', '18'), ('19', '19'), ('2', '02'),
  ('20', '20'), ('21', '21'), ('22', '22'), ('23', '23'), ('24', '24'), ('26', '26'), ('27', '27'),
  ('29', '29'), ('3', '03'), ('30', '30'), ('31', '31'), ('32', '32'), ('33', '33'), ('34', '34'),
  ('35', '35'), ('36', '36'), ('37', '37'), ('38', '38'), ('4', '04'), ('5', '05'), ('6', '06'),
  ('7', '07'), ('8', '08'), ('9', '09'), ('97', '97'), ('an', '35'), ('andaman', '35'),
  ('andamanandnicobar', '35'), ('andamanandnicobarislands', '35'), ('andamanislands', '35'),
  ('andamannicobarislands', '35'), ('andhrapradesh', '37'),
  ('andhrapradeshbefore2014division', '37'), ('ap', '37'), ('ar', '12'), ('arunachal', '12'),
  ('arunachalpradesh', '12'), ('as', '18'), ('asam', '18'), ('assam', '18'), ('bengal', '19'),
  ('bihar', '10'), ('br', '10'), ('cg', '22'), ('ch', '04'), ('chandigarh', '04'),
  ('chattisgad', '22'), ('chattisgarh', '22'), ('chhatisgarh', '22'), ('chhattisgad', '22'),
  ('chhattisgarh', '22'), ('ct', '22'), ('dadraandnagarhaveli', '26'),
  ('dadraandnagarhavelianddamananddiu', '26'), ('damananddiu', '26'), ('dd', '26'),
  ('delhi', '07'), ('delhincr', '07'), ('dl', '07'), ('dn', '26'), ('dnhanddd', '26'),
  ('ga', '30'), ('gj', '24'), ('goa', '30'), ('gujarat', '24'), ('gujarath', '24'),
  ('gujrat', '24'), ('hariyana', '06'), ('haryana', '06'), ('haryna', '06'), ('himachal', '02'),
  ('himachalpradesh', '02'), ('himanchalpradesh', '02'), ('hp', '02'), ('hr', '06'),
  ('jammuandkashmir', '01'), ('jammukashmir', '01'), ('jandk', '01'), ('jarkhand', '20'),
  ('jh', '20'), ('jharkand', '20'), ('jharkhand', '20'), ('jk', '01'), ('ka', '29'),
  ('karnataca', '29'), ('karnatak', '29'), ('karnataka', '29'), ('karnatka', '29'),
  ('kerala', '32'), ('keralam', '32'), ('kerela', '32'), ('kl', '32'), ('la', '38'),
  ('ladakh', '38'), ('laksadweep', '31'), ('lakshadweep', '31'), ('lakshdweep', '31'),
  ('ld', '31'), ('madhyapardesh', '23'), ('madhyapradesh', '23'), ('maharashtr', '27'),
  ('maharashtra', '27'), ('maharashtraa', '27'), ('maharastra', '27'), ('maharshtra', '27'),
  ('manipur', '14'), ('meghalay', '17'), ('meghalaya', '17'), ('mh', '27'), ('mizoram', '15'),
  ('ml', '17'), ('mn', '14'), ('mp', '23'), ('mz', '15'), ('nagaland', '13'),
  ('nationalcapitalterritoryofdelhi', '07'), ('nctofdelhi', '07'), ('newdelhi', '07'),
  ('nl', '13'), ('od', '21'), ('odisha', '21'), ('odissa', '21'), ('or', '21'), ('orissa', '21'),
  ('otherterritory', '97'), ('panjab', '03'), ('pb', '03'), ('pondicherry', '34'),
  ('pondichery', '34'), ('pudducherry', '34'), ('puducheri', '34'), ('puducherry', '34'),
  ('punjaab', '03'), ('punjab', '03'), ('py', '34'), ('rajastan', '08'), ('rajasthan', '08'),
  ('rajsthan', '08'), ('rj', '08'), ('sikkim', '11'), ('sk', '11'), ('tamilnaadu', '33'),
  ('tamilnad', '33'), ('tamilnadu', '33'), ('telangana', '36'), ('telangna', '36'),
  ('telengana', '36'), ('tg', '36'), ('tn', '33'), ('tr', '16'), ('tripura', '16'), ('ts', '36'),
  ('uk', '05'), ('up', '09'), ('ut', '05'), ('uttarakhand', '05'), ('uttarakhnad', '05'),
  ('uttaranchal', '05'), ('uttarkhand', '05'), ('uttarpardesh', '09'), ('uttarpradesh', '09'),
  ('utterpradesh', '09'), ('uttrakhand', '05'), ('wb', '19'), ('westbangal', '19'),
  ('westbengal', '19');--> statement-breakpoint
UPDATE "clients" AS c SET "billing_address" = c."billing_address" || jsonb_build_object('stateCode', v."code")
FROM "state_name_variants_0028" AS v
WHERE jsonb_typeof(c."billing_address") = 'object'
  AND coalesce(c."billing_address"->>'stateCode', '') = ''
  AND regexp_replace(lower(coalesce(c."billing_address"->>'country', '')), '[^a-z]', '', 'g') IN ('', 'india', 'in', 'ind', 'bharat', 'republicofindia', 'bharatindia')
  AND v."squashed" = regexp_replace(replace(lower(coalesce(c."billing_address"->>'state', '')), '&', 'and'), '[^a-z0-9]', '', 'g');--> statement-breakpoint
UPDATE "clients" AS c SET "billing_address" = c."billing_address" || jsonb_build_object('stateCode', v."code")
FROM "state_name_variants_0028" AS v
WHERE jsonb_typeof(c."billing_address") = 'object'
  AND coalesce(c."billing_address"->>'stateCode', '') = ''
  AND regexp_replace(lower(coalesce(c."billing_address"->>'country', '')), '[^a-z]', '', 'g') IN ('', 'india', 'in', 'ind', 'bharat', 'republicofindia', 'bharatindia')
  AND v."squashed" = regexp_replace(replace(lower(regexp_replace(coalesce(c."billing_address"->>'state', ''), '^.*[,;/]', '')), '&', 'and'), '[^a-z]', '', 'g');--> statement-breakpoint
UPDATE "clients" AS c SET "shipping_address" = c."shipping_address" || jsonb_build_object('stateCode', v."code")
FROM "state_name_variants_0028" AS v
WHERE jsonb_typeof(c."shipping_address") = 'object'
  AND coalesce(c."shipping_address"->>'stateCode', '') = ''
  AND regexp_replace(lower(coalesce(c."shipping_address"->>'country', '')), '[^a-z]', '', 'g') IN ('', 'india', 'in', 'ind', 'bharat', 'republicofindia', 'bharatindia')
  AND v."squashed" = regexp_replace(replace(lower(coalesce(c."shipping_address"->>'state', '')), '&', 'and'), '[^a-z0-9]', '', 'g');--> statement-breakpoint
UPDATE "clients" AS c SET "shipping_address" = c."shipping_address" || jsonb_build_object('stateCode', v."code")
FROM "state_name_variants_0028" AS v
WHERE jsonb_typeof(c."shipping_address") = 'object'
  AND coalesce(c."shipping_address"->>'stateCode', '') = ''
  AND regexp_replace(lower(coalesce(c."shipping_address"->>'country', '')), '[^a-z]', '', 'g') IN ('', 'india', 'in', 'ind', 'bharat', 'republicofindia', 'bharatindia')
  AND v."squashed" = regexp_replace(replace(lower(regexp_replace(coalesce(c."shipping_address"->>'state', ''), '^.*[,;/]', '')), '&', 'and'), '[^a-z]', '', 'g');--> statement-breakpoint
DROP TABLE "state_name_variants_0028";
