-- Indexes for the filters of contacts, workmanager and reference lists that earlier
-- migrations do not cover yet.

-- Nothing to add: every filter of these lists is served by an index of 001-003.

-- Already served by earlier migrations (checked with EXPLAIN QUERY PLAN):
--   contacts list and keyset pages, id, minid: contacts_company_client (company_id, is_client, id)
--   contacts modifiedafter / modifiedthrough:  contacts_company_lastupdated (company_id, lastupdated, id)
--   addresses / persons / bank accounts of a page: contact_*_contact (contact_id)
--   workmanager lists in id order (keyset pages, id, minid): service_files_company, service_requests_company
--   service files date / modified: service_files_company_date, service_files_company_changed
--   service requests date / modified: service_requests_company_date, service_requests_company_changed
--   client recommendations of a page: client_recommendations_file (service_file_id)
--   associated documents of a file: the primary key (service_file_id, doc_type, doc_id)
--   pricelists, web categories, workpoints: *_company (company_id, id)
--   postcode lookup: postcodes_city (county, city, street NOCASE)
