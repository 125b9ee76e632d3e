-- The board of the scales' latest readings, shared by every server instance (domain/station/board.ts).
-- A station agent posts its readings to whichever instance the proxy picks, and a weighing screen may
-- watch, or weigh on, another: the latest reading and the last minute's trend of each scale live here,
-- one row per scale, written under the row's lock by the instance that took the post, and every
-- instance is told of each new reading by NOTIFY on channel wb_scale (the readings ride in the
-- payload while they fit; else only the scale's key, and the listener reads this row).
--
-- UNLOGGED: the indicator's stream is ephemeral (ten posts a second per scale); it is not worth a
-- WAL record, a crash that empties the table costs only a fresh reading (the agent sends one every
-- 100 ms), and a standby needs none of it (the weighing that takes a reading is what lasts,
-- wb_weighing). The key holds org_id, as every tenant table's does.
CREATE UNLOGGED TABLE wb_scale_latest (
  org_id     bigint      NOT NULL,
  scale_id   text        NOT NULL,
  latest     jsonb,
  trend      jsonb       NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, scale_id)
);
