-- A line's control point keeps its opening hours (a gate shut at night, a scale that weighs from
-- six) and the minutes a truck is expected to spend there; the line form totals the minutes into
-- the route's expected time in the plant. Hours are 'HH:mm:ss,HH:mm:ss' (from, to; a night shift
-- may end before it starts).
ALTER TABLE md_line_point
  ADD COLUMN open_hours text CHECK (open_hours ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9],([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'),
  ADD COLUMN dwell_minutes integer CHECK (dwell_minutes >= 0 AND dwell_minutes < 1440);
