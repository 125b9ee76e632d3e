-- A subscribed ticket completion writes its event and one delivery per subscriber in one statement
-- (platform/events eventCtes): each delivery is made from the event row that statement has just
-- inserted, so its reference to the event holds by construction, and nothing deletes events. The
-- foreign key checked it again per delivery with a plan each connection caches: made while the
-- event table was young (its statistics said empty) that plan scans the table, and every weighing
-- paid more as events piled up (bench/RESULTS.md, "Webhooks subscribed to 'ticket completed'").
ALTER TABLE sys_delivery DROP CONSTRAINT sys_delivery_org_id_event_id_fkey;

-- With that reference gone the event's two keys, id and (org_id, id), are one: the company's key,
-- which a table distributed by company needs as its primary key. Reads name both columns.
ALTER TABLE sys_event DROP CONSTRAINT sys_event_org_id_id_key;
ALTER TABLE sys_event DROP CONSTRAINT sys_event_pkey;
ALTER TABLE sys_event ADD PRIMARY KEY (org_id, id);

-- One delivery per event and subscriber is what the one statement that writes them makes (a join of
-- the new event with its company's distinct subscriptions); no other path inserts deliveries and
-- nothing reads them by event, so the unique index on the pair guarded nothing a write could break
-- and cost each delivery an index entry.
ALTER TABLE sys_delivery DROP CONSTRAINT sys_delivery_event_id_subscription_id_key;
