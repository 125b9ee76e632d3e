-- What a weighing's figure is and what the operator confirmed of it (domain/weighing README:
-- the source of a weight; an unusual second weighing).
--
-- A weight typed under a user's session is neither stable nor unstable: its reading keeps no flag.
ALTER TABLE wb_weighing ALTER COLUMN stable DROP NOT NULL;

-- An unusual second weighing let through on the operator's confirmation (a reading that reverses
-- the order its kind weighs in, a net outside the material's or the vehicle's figures): the
-- ticket and the weigh log keep what was confirmed, in the words the refusal used.
ALTER TABLE wb_ticket ADD COLUMN unusual_confirmed text CHECK (length(unusual_confirmed) <= 1000);
ALTER TABLE wb_weigh_log ADD COLUMN confirmed text;

-- The least net a trip of the material can weigh (tons); a lighter net is unusual.
ALTER TABLE md_material ADD COLUMN min_net numeric(14,3) CHECK (min_net > 0);

-- The kinds' views were made with the columns of their time: made again so the ticket lists
-- read the new one.
DROP VIEW wb_ticket_pu, wb_ticket_sa, wb_ticket_al, wb_ticket_tr, wb_ticket_pr, wb_ticket_st, wb_ticket_pt;
CREATE VIEW wb_ticket_pu AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'pu' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_sa AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'sa' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_al AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'al' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_tr AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'tr' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_pr AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'pr' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_st AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'st' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_pt AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'pt' WITH CASCADED CHECK OPTION;
ALTER VIEW wb_ticket_pu ALTER COLUMN kind SET DEFAULT 'pu';
ALTER VIEW wb_ticket_sa ALTER COLUMN kind SET DEFAULT 'sa';
ALTER VIEW wb_ticket_al ALTER COLUMN kind SET DEFAULT 'al';
ALTER VIEW wb_ticket_tr ALTER COLUMN kind SET DEFAULT 'tr';
ALTER VIEW wb_ticket_pr ALTER COLUMN kind SET DEFAULT 'pr';
ALTER VIEW wb_ticket_st ALTER COLUMN kind SET DEFAULT 'st';
ALTER VIEW wb_ticket_pt ALTER COLUMN kind SET DEFAULT 'pt';
