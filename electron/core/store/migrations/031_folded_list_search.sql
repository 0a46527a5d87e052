-- The screen lists' own search (q) folds Romanian diacritics as the command palette does
-- (migration 025): "stefanescu" finds the documents of "Ștefănescu" too. The client name's start
-- of the sales, invoices, proformas, payments and AWB lists is read on the folded expression of
-- foldedSql() (electron/core/store/text-search.ts); these indexes take the place of the NOCASE
-- ones of migration 015, which served only that search. Contacts and products search their names
-- on migration 025's indexes (their NOCASE indexes stay: the name sort reads them).
DROP INDEX sales_company_client_name;
CREATE INDEX sales_client_name_folded ON sales(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(client_name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
DROP INDEX invoices_company_client_name;
CREATE INDEX invoices_client_name_folded ON invoices(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(client_name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
DROP INDEX proformas_company_client_name;
CREATE INDEX proformas_client_name_folded ON proformas(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(client_name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
DROP INDEX payments_company_client_name;
CREATE INDEX payments_client_name_folded ON payments(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(client_name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
DROP INDEX awbs_company_client_name;
CREATE INDEX awbs_client_name_folded ON awbs(company_id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(client_name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')));
