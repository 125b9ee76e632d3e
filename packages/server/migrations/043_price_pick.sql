-- Price resolution among thousands of rules of one material: a truck can match at most 16 key
-- patterns (each of party, route, transport and packing either the truck's or unset), and within
-- one pattern the rule that prices it is the latest begun by then that has not ended. This index
-- holds each pattern's rules together, latest first, so resolution probes each pattern once and
-- reads a few index entries, however many rules the material has. Unset keys are held as 0 and ''
-- (ids are positive, and transport and packing are never empty), so a probe is an equality.
CREATE INDEX wb_price_rule_probe ON wb_price_rule
  (org_id, kind, material_id, coalesce(party_id, 0), coalesce(route_id, 0), coalesce(transport, ''), coalesce(packing, ''),
   effective_from DESC, length(rule_no) DESC, rule_no COLLATE "C" DESC)
  INCLUDE (effective_to, price, tax_rate, id, party_id, route_id, transport, packing) WHERE doc_status = 'AUDITED';

-- it read every rule of the material begun by then; the probes above replace it
DROP INDEX wb_price_rule_pick;
