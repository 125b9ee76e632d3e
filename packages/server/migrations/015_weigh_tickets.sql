-- Weigh tickets by kind, for the document engine and the list engine: each kind's screen reads and
-- writes its own view, so a purchase ticket is never listed, opened or changed through the sales
-- screen. Simple views are updatable; the kind defaults to the view's and the CHECK OPTION refuses
-- a row of another kind. Tickets have no enabled switch (their state says it all): the engine reads
-- one, so the views answer true. (wb_ticket and its weighings are in 011.)
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
