-- A repeated REST GET answered from the answer cache sends the very bytes of an earlier answer:
-- its log line keeps no second copy of the head but the id of the line that holds it (writing
-- the 2 KiB head again is most of what logging a cached answer costs). NULL: the head is here.
ALTER TABLE api_log ADD COLUMN response_head_of INTEGER;
