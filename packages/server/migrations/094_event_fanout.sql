-- A subscribed event no longer writes its deliveries in the transaction of the change it reports:
-- that transaction writes the event and one job of the job library (queue webhook.fanout), and the
-- job fans the event out to the subscriptions naming its type (platform/events/sweep.ts fanOut).
-- `fanned_out_at` says it was: null until then. The second weighing, subscribed to by three
-- webhooks, wrote three deliveries with five index entries each; now it writes the event and its
-- entry in the partial index below (bench/RESULTS.md, "fan-out after the commit").
ALTER TABLE sys_event ADD COLUMN fanned_out_at timestamptz;
-- every event so far got its deliveries in its own statement
UPDATE sys_event SET fanned_out_at = created_at;

-- The events waiting for their fan-out, by company, type and business key: the sweep's (a job lost
-- with an instance) and the upload lock's (a document whose event is not yet fanned out is being
-- uploaded all the same; platform/events/repo.ts uploadInFlight). Small: an event leaves it when
-- fanned out.
CREATE INDEX sys_event_fanout_idx ON sys_event (org_id, type, event_key) WHERE fanned_out_at IS NULL;

-- One delivery per event and subscription, whichever fan-out makes it: the job, its retry, the
-- sweep (the fan-out's own row lock on the event orders them; this is what holds if both run).
CREATE UNIQUE INDEX sys_delivery_event_subscription_key ON sys_delivery (org_id, event_id, subscription_id);
