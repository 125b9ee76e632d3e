-- Stock addresses keep one class of goods (库存地址的存放分类): a cement silo's positions hold cement,
-- a sand yard's bays sand. NULL: any material. A ticket's address (assigned, chosen at the first
-- weighing or at site confirmation) must hold the ticket's material's class or a class below it.
ALTER TABLE md_stock_address ADD COLUMN material_class_id bigint REFERENCES md_material_class (id);
