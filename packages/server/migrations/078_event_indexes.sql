-- A subscribed event is written in the second weighing's own statement (platform/events eventCtes):
-- its row, one delivery per subscriber and the job, each with an entry in every index of its table.
-- Three of those indexes serve no read: sys_event is only ever read by its id (a delivery's claim,
-- the history's payload column; the history lists, sorts and filters sys_delivery), and no read asks
-- sys_delivery by its subscription (a subscription's removal finds its deliveries by a scan, once).
-- Dropped, a completion with three subscribers writes five index entries fewer.
DROP INDEX sys_event_list_idx;
DROP INDEX sys_event_key_idx;
DROP INDEX sys_delivery_subscription_idx;
