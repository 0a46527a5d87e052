-- Indexes for the filters of the product list, stocks and connector feed that earlier
-- migrations do not cover yet. (Covered already: company_id + id for the pages, last_changed_ts
-- for modifiedafter/modifiedthrough, cod_produs / cod_varianta / barcode for code, manufacturer,
-- family, stock by product and workpoint, pricelist rules by pricelist and product, connector
-- publications by connector and product.)

-- year / yearmonth / date / datefrom / datethrough act on the day the product was created.
CREATE INDEX products_company_created ON products(company_id, created_ts);

-- visibility:published and visibility:partner: pages walk only the matching rows in id order,
-- however few of the catalogue they are.
CREATE INDEX products_company_published ON products(company_id, id) WHERE website_published = 1;
CREATE INDEX products_company_partner ON products(company_id, id) WHERE partner_visible = 1;
