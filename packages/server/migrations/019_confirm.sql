-- Purchase sampling (采购取样确认): the day the sample was taken, as the sampler's dialog gives it
-- (spec section 2: the date and sample-count dialog), beside its judgment and count.
ALTER TABLE wb_ticket ADD COLUMN sampled_on date;
ALTER TABLE wb_ticket ADD CONSTRAINT wb_ticket_sample_complete CHECK ((sample_state IS NULL) = (sampled_on IS NULL));
