-- Romanian diacritics folded in the command palette's name search (search.global): "stefanescu",
-- "STEFANESCU" and "ștefănescu" all find "Ștefănescu", written with the comma below (ș ț) or the
-- older cedilla (ş ţ). An index on the folded expression, no new column: a row read with
-- SELECT * stays as the REST API shows it, and every writer keeps the index without knowing.
--
-- The expression is written by foldedSql() in electron/core/store/text-search.ts; a query uses
-- this index only when it writes the very same expression (tests/integration/folded-search.test.ts
-- checks the query plan). lower() folds A-Z only, so the replaces name both cases.

CREATE INDEX contacts_name_folded ON contacts(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
CREATE INDEX products_name_folded ON products(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(product_name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
