-- Citus readiness (issue 22, docs/SCALING.md): every tenant table's primary key and unique keys
-- include org_id, and every foreign key between tenant tables pairs org_id with org_id, so that a
-- distributed PostgreSQL (Citus) can shard the tenant tables by org_id with each company's rows of
-- every table on one node. The shared tables (reference or local) are named in
-- platform/citus/tables.ts; the schema test (platform/citus/schema.test.ts) checks the whole
-- schema, and `npm run citus:plan` prints the script that distributes it.
--
-- org_id is appended to a key, never put first: a key on (id) becomes (id, org_id) and keeps
-- serving every lookup by id alone, which the ids' sequences keep unique as before. Where a table
-- already had (org_id, id) for the composite references, that key stays as it was.

-- The rules an adjustment ended had no company of their own: it is the rule's.
ALTER TABLE wb_price_rule_end ADD COLUMN org_id bigint REFERENCES sys_org (id);
UPDATE wb_price_rule_end e SET org_id = r.org_id FROM wb_price_rule r WHERE r.id = e.rule_id;
ALTER TABLE wb_price_rule_end ALTER COLUMN org_id SET NOT NULL;

-- 1. the foreign keys between tenant tables that do not pair org_id with org_id
ALTER TABLE gt_appointment_use DROP CONSTRAINT gt_appointment_use_rule_id_fkey;
ALTER TABLE mgp_grant_draw DROP CONSTRAINT mgp_grant_draw_ticket_id_fkey;
ALTER TABLE qm_sample_ticket DROP CONSTRAINT qm_sample_ticket_ticket_id_fkey;
ALTER TABLE qm_ticket_quality DROP CONSTRAINT qm_ticket_quality_ticket_id_fkey;
ALTER TABLE rpt_export DROP CONSTRAINT rpt_export_file_id_fkey;
ALTER TABLE rpt_sql_report DROP CONSTRAINT rpt_sql_report_data_source_id_fkey;
ALTER TABLE wb_freight_plan_ticket DROP CONSTRAINT wb_freight_plan_ticket_ticket_id_fkey;
ALTER TABLE wb_lane_contact DROP CONSTRAINT wb_lane_contact_credential_id_fkey;
ALTER TABLE wb_lane_intervention DROP CONSTRAINT wb_lane_intervention_credential_id_fkey;
ALTER TABLE wb_lane_intervention DROP CONSTRAINT wb_lane_intervention_registry_id_fkey;
ALTER TABLE wb_lane_intervention DROP CONSTRAINT wb_lane_intervention_snapshot_file_id_fkey;
ALTER TABLE wb_lane_intervention DROP CONSTRAINT wb_lane_intervention_ticket_id_fkey;
ALTER TABLE wb_price_rule DROP CONSTRAINT wb_price_rule_adjust_id_fkey;
ALTER TABLE wb_price_rule_end DROP CONSTRAINT wb_price_rule_end_adjust_id_fkey;
ALTER TABLE wb_price_rule_end DROP CONSTRAINT wb_price_rule_end_rule_id_fkey;
ALTER TABLE wb_registry DROP CONSTRAINT wb_registry_notice_id_notice_line_id_fkey;
ALTER TABLE wb_settlement DROP CONSTRAINT wb_settlement_contract_id_fkey;
ALTER TABLE wb_settlement_adjust DROP CONSTRAINT wb_settlement_adjust_ticket_id_fkey;
ALTER TABLE wb_settlement_payment DROP CONSTRAINT wb_settlement_payment_receipt_id_fkey;
ALTER TABLE wb_ticket DROP CONSTRAINT wb_ticket_notice_id_notice_line_id_fkey;
ALTER TABLE wf_action DROP CONSTRAINT wf_action_instance_id_fkey;
ALTER TABLE wf_cc DROP CONSTRAINT wf_cc_instance_id_fkey;
ALTER TABLE wf_notification DROP CONSTRAINT wf_notification_instance_id_fkey;
ALTER TABLE wf_step DROP CONSTRAINT wf_step_instance_id_fkey;
ALTER TABLE wf_task DROP CONSTRAINT wf_task_instance_id_fkey;

-- 2. primary and unique keys gain org_id (appended: a key keeps serving the lookups by its own columns)
ALTER TABLE fm_account
  DROP CONSTRAINT fm_account_pkey,
  ADD CONSTRAINT fm_account_pkey PRIMARY KEY (id, org_id);
ALTER TABLE fm_credit
  DROP CONSTRAINT fm_credit_pkey,
  ADD CONSTRAINT fm_credit_pkey PRIMARY KEY (id, org_id);
ALTER TABLE fm_ledger
  DROP CONSTRAINT fm_ledger_pkey,
  ADD CONSTRAINT fm_ledger_pkey PRIMARY KEY (id, org_id);
ALTER TABLE fm_receipt
  DROP CONSTRAINT fm_receipt_pkey,
  ADD CONSTRAINT fm_receipt_pkey PRIMARY KEY (id, org_id);
ALTER TABLE gt_appointment_rule
  DROP CONSTRAINT gt_appointment_rule_pkey,
  ADD CONSTRAINT gt_appointment_rule_pkey PRIMARY KEY (id, org_id);
ALTER TABLE gt_appointment_use
  DROP CONSTRAINT gt_appointment_use_pkey,
  ADD CONSTRAINT gt_appointment_use_pkey PRIMARY KEY (rule_id, day, org_id);
ALTER TABLE gt_pass_card
  DROP CONSTRAINT gt_pass_card_pkey,
  ADD CONSTRAINT gt_pass_card_pkey PRIMARY KEY (id, org_id);
ALTER TABLE gt_qrcode_rule
  DROP CONSTRAINT gt_qrcode_rule_pkey,
  ADD CONSTRAINT gt_qrcode_rule_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_batch
  DROP CONSTRAINT md_batch_pkey,
  ADD CONSTRAINT md_batch_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_blacklist
  DROP CONSTRAINT md_blacklist_pkey,
  ADD CONSTRAINT md_blacklist_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_calc_group
  DROP CONSTRAINT md_calc_group_pkey,
  ADD CONSTRAINT md_calc_group_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_calc_group_member
  DROP CONSTRAINT md_calc_group_member_pkey,
  ADD CONSTRAINT md_calc_group_member_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_dict_item
  DROP CONSTRAINT md_dict_item_pkey,
  ADD CONSTRAINT md_dict_item_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_dict_type
  DROP CONSTRAINT md_dict_type_pkey,
  ADD CONSTRAINT md_dict_type_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_discharge_point
  DROP CONSTRAINT md_discharge_point_pkey,
  ADD CONSTRAINT md_discharge_point_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_driver
  DROP CONSTRAINT md_driver_pkey,
  ADD CONSTRAINT md_driver_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_factory
  DROP CONSTRAINT md_factory_pkey,
  ADD CONSTRAINT md_factory_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_handset
  DROP CONSTRAINT md_handset_pkey,
  ADD CONSTRAINT md_handset_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_ic_card
  DROP CONSTRAINT md_ic_card_pkey,
  ADD CONSTRAINT md_ic_card_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_line
  DROP CONSTRAINT md_line_pkey,
  ADD CONSTRAINT md_line_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_line_point
  DROP CONSTRAINT md_line_point_line_id_point_key,
  ADD CONSTRAINT md_line_point_line_id_point_key UNIQUE (line_id, point, org_id) DEFERRABLE,
  DROP CONSTRAINT md_line_point_line_id_seq_key,
  ADD CONSTRAINT md_line_point_line_id_seq_key UNIQUE (line_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT md_line_point_pkey,
  ADD CONSTRAINT md_line_point_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_location
  DROP CONSTRAINT md_location_pkey,
  ADD CONSTRAINT md_location_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_number_prefix
  DROP CONSTRAINT md_number_prefix_pkey,
  ADD CONSTRAINT md_number_prefix_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_person
  DROP CONSTRAINT md_person_pkey,
  ADD CONSTRAINT md_person_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_region
  DROP CONSTRAINT md_region_pkey,
  ADD CONSTRAINT md_region_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_silo
  DROP CONSTRAINT md_silo_pkey,
  ADD CONSTRAINT md_silo_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_stock_address
  DROP CONSTRAINT md_stock_address_pkey,
  ADD CONSTRAINT md_stock_address_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_tray
  DROP CONSTRAINT md_tray_pkey,
  ADD CONSTRAINT md_tray_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_vehicle
  DROP CONSTRAINT md_vehicle_pkey,
  ADD CONSTRAINT md_vehicle_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_warehouse
  DROP CONSTRAINT md_warehouse_pkey,
  ADD CONSTRAINT md_warehouse_pkey PRIMARY KEY (id, org_id);
ALTER TABLE md_warehouse_area
  DROP CONSTRAINT md_warehouse_area_pkey,
  ADD CONSTRAINT md_warehouse_area_pkey PRIMARY KEY (id, org_id);
ALTER TABLE mgp_custom_product
  DROP CONSTRAINT mgp_custom_product_pkey,
  ADD CONSTRAINT mgp_custom_product_pkey PRIMARY KEY (id, org_id);
ALTER TABLE mgp_division
  DROP CONSTRAINT mgp_division_pkey,
  ADD CONSTRAINT mgp_division_pkey PRIMARY KEY (id, org_id);
ALTER TABLE mgp_employee
  DROP CONSTRAINT mgp_employee_pkey,
  ADD CONSTRAINT mgp_employee_pkey PRIMARY KEY (id, org_id);
ALTER TABLE mgp_grant
  DROP CONSTRAINT mgp_grant_pkey,
  ADD CONSTRAINT mgp_grant_pkey PRIMARY KEY (id, org_id);
ALTER TABLE mgp_grant_draw
  DROP CONSTRAINT mgp_grant_draw_pkey,
  ADD CONSTRAINT mgp_grant_draw_pkey PRIMARY KEY (ticket_id, org_id);
ALTER TABLE mgp_grant_line
  DROP CONSTRAINT mgp_grant_line_grant_id_seq_key,
  ADD CONSTRAINT mgp_grant_line_grant_id_seq_key UNIQUE (grant_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT mgp_grant_line_pkey,
  ADD CONSTRAINT mgp_grant_line_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT mgp_grant_line_product_uq,
  ADD CONSTRAINT mgp_grant_line_product_uq UNIQUE (grant_id, stand_product_id, org_id);
ALTER TABLE mgp_sale_type
  DROP CONSTRAINT mgp_sale_type_pkey,
  ADD CONSTRAINT mgp_sale_type_pkey PRIMARY KEY (id, org_id);
ALTER TABLE mgp_stand_product
  DROP CONSTRAINT mgp_stand_product_pkey,
  ADD CONSTRAINT mgp_stand_product_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_archive
  DROP CONSTRAINT qm_archive_pkey,
  ADD CONSTRAINT qm_archive_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_auto_model
  DROP CONSTRAINT qm_auto_model_pkey,
  ADD CONSTRAINT qm_auto_model_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_format
  DROP CONSTRAINT qm_format_pkey,
  ADD CONSTRAINT qm_format_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_format_item
  DROP CONSTRAINT qm_format_item_format_id_item_id_key,
  ADD CONSTRAINT qm_format_item_format_id_item_id_key UNIQUE (format_id, item_id, org_id),
  DROP CONSTRAINT qm_format_item_pkey,
  ADD CONSTRAINT qm_format_item_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_kiosk
  DROP CONSTRAINT qm_kiosk_key_hash_key,
  ADD CONSTRAINT qm_kiosk_key_hash_key UNIQUE (key_hash, org_id),
  DROP CONSTRAINT qm_kiosk_pkey,
  ADD CONSTRAINT qm_kiosk_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_log
  DROP CONSTRAINT qm_log_pkey,
  ADD CONSTRAINT qm_log_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_result
  DROP CONSTRAINT qm_result_pkey,
  ADD CONSTRAINT qm_result_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT qm_result_sample_id_round_item_id_key,
  ADD CONSTRAINT qm_result_sample_id_round_item_id_key UNIQUE (sample_id, round, item_id, org_id);
ALTER TABLE qm_sample
  DROP CONSTRAINT qm_sample_pkey,
  ADD CONSTRAINT qm_sample_pkey PRIMARY KEY (id, org_id);
ALTER TABLE qm_sample_ticket
  DROP CONSTRAINT qm_sample_ticket_pkey,
  ADD CONSTRAINT qm_sample_ticket_pkey PRIMARY KEY (ticket_id, org_id);
ALTER TABLE qm_sample_value
  DROP CONSTRAINT qm_sample_value_pkey,
  ADD CONSTRAINT qm_sample_value_pkey PRIMARY KEY (sample_id, item_id, org_id);
ALTER TABLE qm_ticket_quality
  DROP CONSTRAINT qm_ticket_quality_pkey,
  ADD CONSTRAINT qm_ticket_quality_pkey PRIMARY KEY (ticket_id, org_id);
ALTER TABLE rpt_export
  DROP CONSTRAINT rpt_export_pkey,
  ADD CONSTRAINT rpt_export_pkey PRIMARY KEY (id, org_id);
ALTER TABLE rpt_report
  DROP CONSTRAINT rpt_report_pkey,
  ADD CONSTRAINT rpt_report_pkey PRIMARY KEY (id, org_id);
ALTER TABLE rpt_sql_report
  DROP CONSTRAINT rpt_sql_report_pkey,
  ADD CONSTRAINT rpt_sql_report_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sa_plan_day
  DROP CONSTRAINT sa_plan_day_pkey,
  ADD CONSTRAINT sa_plan_day_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sa_plan_month
  DROP CONSTRAINT sa_plan_month_pkey,
  ADD CONSTRAINT sa_plan_month_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_admin_log
  DROP CONSTRAINT sys_admin_log_pkey,
  ADD CONSTRAINT sys_admin_log_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_announcement
  DROP CONSTRAINT sys_announcement_pkey,
  ADD CONSTRAINT sys_announcement_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_announcement_read
  DROP CONSTRAINT sys_announcement_read_pkey,
  ADD CONSTRAINT sys_announcement_read_pkey PRIMARY KEY (announcement_id, user_id, org_id);
ALTER TABLE sys_brand_image
  DROP CONSTRAINT sys_brand_image_name_key,
  ADD CONSTRAINT sys_brand_image_name_key UNIQUE (name, org_id),
  DROP CONSTRAINT sys_brand_image_pkey,
  ADD CONSTRAINT sys_brand_image_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_data_source
  DROP CONSTRAINT sys_data_source_pkey,
  ADD CONSTRAINT sys_data_source_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_delivery
  DROP CONSTRAINT sys_delivery_pkey,
  ADD CONSTRAINT sys_delivery_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_delivery_attempt
  DROP CONSTRAINT sys_delivery_attempt_pkey,
  ADD CONSTRAINT sys_delivery_attempt_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_department
  DROP CONSTRAINT sys_department_pkey,
  ADD CONSTRAINT sys_department_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_file
  DROP CONSTRAINT sys_file_pkey,
  ADD CONSTRAINT sys_file_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT sys_file_storage_key_key,
  ADD CONSTRAINT sys_file_storage_key_key UNIQUE (storage_key, org_id);
ALTER TABLE sys_hierarchy_rule
  DROP CONSTRAINT sys_hierarchy_rule_pkey,
  ADD CONSTRAINT sys_hierarchy_rule_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_home_shortcut
  DROP CONSTRAINT sys_home_shortcut_id_key,
  ADD CONSTRAINT sys_home_shortcut_id_key UNIQUE (id, org_id);
ALTER TABLE sys_subscription
  DROP CONSTRAINT sys_subscription_pkey,
  ADD CONSTRAINT sys_subscription_pkey PRIMARY KEY (id, org_id);
ALTER TABLE sys_ws_log
  DROP CONSTRAINT sys_ws_log_pkey,
  ADD CONSTRAINT sys_ws_log_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_calculation
  DROP CONSTRAINT wb_calculation_pkey,
  ADD CONSTRAINT wb_calculation_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_calculation_row
  DROP CONSTRAINT wb_calculation_row_calculation_id_ticket_id_key,
  ADD CONSTRAINT wb_calculation_row_calculation_id_ticket_id_key UNIQUE (calculation_id, ticket_id, org_id),
  DROP CONSTRAINT wb_calculation_row_pkey,
  ADD CONSTRAINT wb_calculation_row_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_contract
  DROP CONSTRAINT wb_contract_pkey,
  ADD CONSTRAINT wb_contract_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_contract_amend
  DROP CONSTRAINT wb_contract_amend_pkey,
  ADD CONSTRAINT wb_contract_amend_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_contract_amend_line
  DROP CONSTRAINT wb_contract_amend_line_amend_id_seq_key,
  ADD CONSTRAINT wb_contract_amend_line_amend_id_seq_key UNIQUE (amend_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT wb_contract_amend_line_pkey,
  ADD CONSTRAINT wb_contract_amend_line_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_contract_change
  DROP CONSTRAINT wb_contract_change_pkey,
  ADD CONSTRAINT wb_contract_change_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_contract_line
  DROP CONSTRAINT wb_contract_line_contract_id_seq_key,
  ADD CONSTRAINT wb_contract_line_contract_id_seq_key UNIQUE (contract_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT wb_contract_line_pkey,
  ADD CONSTRAINT wb_contract_line_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_contract_quality
  DROP CONSTRAINT wb_contract_quality_contract_id_material_id_item_code_key,
  ADD CONSTRAINT wb_contract_quality_contract_id_material_id_item_code_key UNIQUE (contract_id, material_id, item_code, org_id),
  DROP CONSTRAINT wb_contract_quality_contract_id_seq_key,
  ADD CONSTRAINT wb_contract_quality_contract_id_seq_key UNIQUE (contract_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT wb_contract_quality_pkey,
  ADD CONSTRAINT wb_contract_quality_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_freight_contract
  DROP CONSTRAINT wb_freight_contract_pkey,
  ADD CONSTRAINT wb_freight_contract_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_freight_contract_line
  DROP CONSTRAINT wb_freight_contract_line_contract_id_seq_key,
  ADD CONSTRAINT wb_freight_contract_line_contract_id_seq_key UNIQUE (contract_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT wb_freight_contract_line_pkey,
  ADD CONSTRAINT wb_freight_contract_line_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_freight_fuel_advance
  DROP CONSTRAINT wb_freight_fuel_advance_pkey,
  ADD CONSTRAINT wb_freight_fuel_advance_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_freight_plan
  DROP CONSTRAINT wb_freight_plan_pkey,
  ADD CONSTRAINT wb_freight_plan_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_freight_plan_ticket
  DROP CONSTRAINT wb_freight_plan_ticket_pkey,
  ADD CONSTRAINT wb_freight_plan_ticket_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_freight_plan_ticket_ticket_id_key,
  ADD CONSTRAINT wb_freight_plan_ticket_ticket_id_key UNIQUE (ticket_id, org_id);
ALTER TABLE wb_freight_price
  DROP CONSTRAINT wb_freight_price_pkey,
  ADD CONSTRAINT wb_freight_price_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_freight_remittance
  DROP CONSTRAINT wb_freight_remittance_pkey,
  ADD CONSTRAINT wb_freight_remittance_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_lane_contact
  DROP CONSTRAINT wb_lane_contact_pkey,
  ADD CONSTRAINT wb_lane_contact_pkey PRIMARY KEY (credential_id, org_id);
ALTER TABLE wb_lane_intervention
  DROP CONSTRAINT wb_lane_intervention_pkey,
  ADD CONSTRAINT wb_lane_intervention_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_notice
  DROP CONSTRAINT wb_notice_pkey,
  ADD CONSTRAINT wb_notice_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_notice_line
  DROP CONSTRAINT wb_notice_line_notice_id_id_key,
  ADD CONSTRAINT wb_notice_line_notice_id_id_key UNIQUE (notice_id, id, org_id),
  DROP CONSTRAINT wb_notice_line_notice_id_seq_key,
  ADD CONSTRAINT wb_notice_line_notice_id_seq_key UNIQUE (notice_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT wb_notice_line_pkey,
  ADD CONSTRAINT wb_notice_line_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_price_adjust
  DROP CONSTRAINT wb_price_adjust_pkey,
  ADD CONSTRAINT wb_price_adjust_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_price_adjust_line
  DROP CONSTRAINT wb_price_adjust_line_adjust_id_seq_key,
  ADD CONSTRAINT wb_price_adjust_line_adjust_id_seq_key UNIQUE (adjust_id, seq, org_id) DEFERRABLE,
  DROP CONSTRAINT wb_price_adjust_line_pkey,
  ADD CONSTRAINT wb_price_adjust_line_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_price_rule
  DROP CONSTRAINT wb_price_rule_pkey,
  ADD CONSTRAINT wb_price_rule_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_price_rule_end
  DROP CONSTRAINT wb_price_rule_end_pkey,
  ADD CONSTRAINT wb_price_rule_end_pkey PRIMARY KEY (adjust_id, rule_id, org_id);
ALTER TABLE wb_registry
  DROP CONSTRAINT wb_registry_pkey,
  ADD CONSTRAINT wb_registry_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_report_team
  DROP CONSTRAINT wb_report_team_pkey,
  ADD CONSTRAINT wb_report_team_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_settlement
  DROP CONSTRAINT wb_settlement_pkey,
  ADD CONSTRAINT wb_settlement_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_settlement_adjust
  DROP CONSTRAINT wb_settlement_adjust_pkey,
  ADD CONSTRAINT wb_settlement_adjust_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_settlement_adjust_settlement_id_seq_key,
  ADD CONSTRAINT wb_settlement_adjust_settlement_id_seq_key UNIQUE (settlement_id, seq, org_id);
ALTER TABLE wb_settlement_fd
  DROP CONSTRAINT wb_settlement_fd_pkey,
  ADD CONSTRAINT wb_settlement_fd_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_settlement_fd_settlement_id_seq_key,
  ADD CONSTRAINT wb_settlement_fd_settlement_id_seq_key UNIQUE (settlement_id, seq, org_id);
ALTER TABLE wb_settlement_invoice
  DROP CONSTRAINT wb_settlement_invoice_pkey,
  ADD CONSTRAINT wb_settlement_invoice_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_settlement_payment
  DROP CONSTRAINT wb_settlement_payment_pkey,
  ADD CONSTRAINT wb_settlement_payment_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_settlement_payment_settlement_id_seq_key,
  ADD CONSTRAINT wb_settlement_payment_settlement_id_seq_key UNIQUE (settlement_id, seq, org_id);
ALTER TABLE wb_settlement_row
  DROP CONSTRAINT wb_settlement_row_pkey,
  ADD CONSTRAINT wb_settlement_row_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_settlement_row_scope_ticket_id_key,
  ADD CONSTRAINT wb_settlement_row_scope_ticket_id_key UNIQUE (scope, ticket_id, org_id),
  DROP CONSTRAINT wb_settlement_row_settlement_id_seq_key,
  ADD CONSTRAINT wb_settlement_row_settlement_id_seq_key UNIQUE (settlement_id, seq, org_id);
ALTER TABLE wb_station_credential
  DROP CONSTRAINT wb_station_credential_key_hash_key,
  ADD CONSTRAINT wb_station_credential_key_hash_key UNIQUE (key_hash, org_id),
  DROP CONSTRAINT wb_station_credential_pkey,
  ADD CONSTRAINT wb_station_credential_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_stock_balance
  DROP CONSTRAINT wb_stock_balance_id_key,
  ADD CONSTRAINT wb_stock_balance_id_key UNIQUE (id, org_id);
ALTER TABLE wb_stock_early
  DROP CONSTRAINT wb_stock_early_pkey,
  ADD CONSTRAINT wb_stock_early_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_stock_record
  DROP CONSTRAINT wb_stock_record_pkey,
  ADD CONSTRAINT wb_stock_record_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_stock_transfer
  DROP CONSTRAINT wb_stock_transfer_pkey,
  ADD CONSTRAINT wb_stock_transfer_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_stock_transfer_line
  DROP CONSTRAINT wb_stock_transfer_line_pkey,
  ADD CONSTRAINT wb_stock_transfer_line_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_stock_transfer_line_transfer_id_seq_key,
  ADD CONSTRAINT wb_stock_transfer_line_transfer_id_seq_key UNIQUE (transfer_id, seq, org_id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE wb_ticket
  DROP CONSTRAINT wb_ticket_pkey,
  ADD CONSTRAINT wb_ticket_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_ticket_deduction
  DROP CONSTRAINT wb_ticket_deduction_pkey,
  ADD CONSTRAINT wb_ticket_deduction_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_ticket_deduction_ticket_id_kind_key,
  ADD CONSTRAINT wb_ticket_deduction_ticket_id_kind_key UNIQUE (ticket_id, kind, org_id);
ALTER TABLE wb_ticket_gauge
  DROP CONSTRAINT wb_ticket_gauge_pkey,
  ADD CONSTRAINT wb_ticket_gauge_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_train
  DROP CONSTRAINT wb_train_pkey,
  ADD CONSTRAINT wb_train_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_wagon
  DROP CONSTRAINT wb_wagon_pkey,
  ADD CONSTRAINT wb_wagon_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_wagon_train_id_wagon_no_key,
  ADD CONSTRAINT wb_wagon_train_id_wagon_no_key UNIQUE (train_id, wagon_no, org_id);
ALTER TABLE wb_weigh_log
  DROP CONSTRAINT wb_weigh_log_pkey,
  ADD CONSTRAINT wb_weigh_log_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wb_weighing
  DROP CONSTRAINT wb_weighing_pkey,
  ADD CONSTRAINT wb_weighing_pkey PRIMARY KEY (id, org_id),
  DROP CONSTRAINT wb_weighing_ticket_id_reading_key,
  ADD CONSTRAINT wb_weighing_ticket_id_reading_key UNIQUE (ticket_id, reading, org_id);
ALTER TABLE wf_action
  DROP CONSTRAINT wf_action_pkey,
  ADD CONSTRAINT wf_action_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wf_cc
  DROP CONSTRAINT wf_cc_pkey,
  ADD CONSTRAINT wf_cc_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wf_flow
  DROP CONSTRAINT wf_flow_pkey,
  ADD CONSTRAINT wf_flow_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wf_instance
  DROP CONSTRAINT wf_instance_pkey,
  ADD CONSTRAINT wf_instance_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wf_notification
  DROP CONSTRAINT wf_notification_pkey,
  ADD CONSTRAINT wf_notification_pkey PRIMARY KEY (id, org_id);
ALTER TABLE wf_step
  DROP CONSTRAINT wf_step_pkey,
  ADD CONSTRAINT wf_step_pkey PRIMARY KEY (instance_id, idx, org_id);
ALTER TABLE wf_task
  DROP CONSTRAINT wf_task_pkey,
  ADD CONSTRAINT wf_task_pkey PRIMARY KEY (id, org_id);
DROP INDEX wb_settlement_adjust_rounding_idx;
CREATE UNIQUE INDEX wb_settlement_adjust_rounding_idx ON wb_settlement_adjust USING btree (settlement_id, org_id) WHERE auto_rounding;
DROP INDEX wb_stock_record_early_uq;
CREATE UNIQUE INDEX wb_stock_record_early_uq ON wb_stock_record USING btree (early_id, org_id) WHERE ((early_id IS NOT NULL) AND (reversed_at IS NULL));
DROP INDEX wb_stock_record_live_uq;
CREATE UNIQUE INDEX wb_stock_record_live_uq ON wb_stock_record USING btree (ticket_id, direction, warehouse_id, org_id) WHERE ((ticket_id IS NOT NULL) AND (reversed_at IS NULL));
DROP INDEX wb_stock_record_transfer_uq;
CREATE UNIQUE INDEX wb_stock_record_transfer_uq ON wb_stock_record USING btree (transfer_line_id, direction, org_id) WHERE ((transfer_line_id IS NOT NULL) AND (reversed_at IS NULL));
DROP INDEX wb_stock_record_wagon_uq;
CREATE UNIQUE INDEX wb_stock_record_wagon_uq ON wb_stock_record USING btree (wagon_id, direction, org_id) WHERE ((wagon_id IS NOT NULL) AND (reversed_at IS NULL));
DROP INDEX wf_task_pending_once;
CREATE UNIQUE INDEX wf_task_pending_once ON wf_task USING btree (instance_id, step_idx, round, user_id, org_id) WHERE (status = 'pending'::text);

-- 3. the same foreign keys, now from (org_id, x) to (org_id, key)
ALTER TABLE gt_appointment_use ADD CONSTRAINT gt_appointment_use_rule_id_fkey FOREIGN KEY (org_id, rule_id) REFERENCES gt_appointment_rule (org_id, id) ON DELETE CASCADE;
ALTER TABLE mgp_grant_draw ADD CONSTRAINT mgp_grant_draw_ticket_id_fkey FOREIGN KEY (org_id, ticket_id) REFERENCES wb_ticket (org_id, id) ON DELETE CASCADE;
ALTER TABLE qm_sample_ticket ADD CONSTRAINT qm_sample_ticket_ticket_id_fkey FOREIGN KEY (org_id, ticket_id) REFERENCES wb_ticket (org_id, id) ON DELETE CASCADE;
ALTER TABLE qm_ticket_quality ADD CONSTRAINT qm_ticket_quality_ticket_id_fkey FOREIGN KEY (org_id, ticket_id) REFERENCES wb_ticket (org_id, id) ON DELETE CASCADE;
ALTER TABLE rpt_export ADD CONSTRAINT rpt_export_file_id_fkey FOREIGN KEY (org_id, file_id) REFERENCES sys_file (org_id, id) ON DELETE SET NULL (file_id);
ALTER TABLE rpt_sql_report ADD CONSTRAINT rpt_sql_report_data_source_id_fkey FOREIGN KEY (org_id, data_source_id) REFERENCES sys_data_source (org_id, id) ON DELETE RESTRICT;
ALTER TABLE wb_freight_plan_ticket ADD CONSTRAINT wb_freight_plan_ticket_ticket_id_fkey FOREIGN KEY (org_id, ticket_id) REFERENCES wb_ticket (org_id, id);
ALTER TABLE wb_lane_contact ADD CONSTRAINT wb_lane_contact_credential_id_fkey FOREIGN KEY (org_id, credential_id) REFERENCES wb_station_credential (org_id, id);
ALTER TABLE wb_lane_intervention ADD CONSTRAINT wb_lane_intervention_credential_id_fkey FOREIGN KEY (org_id, credential_id) REFERENCES wb_station_credential (org_id, id);
ALTER TABLE wb_lane_intervention ADD CONSTRAINT wb_lane_intervention_registry_id_fkey FOREIGN KEY (org_id, registry_id) REFERENCES wb_registry (org_id, id);
ALTER TABLE wb_lane_intervention ADD CONSTRAINT wb_lane_intervention_snapshot_file_id_fkey FOREIGN KEY (org_id, snapshot_file_id) REFERENCES sys_file (org_id, id);
ALTER TABLE wb_lane_intervention ADD CONSTRAINT wb_lane_intervention_ticket_id_fkey FOREIGN KEY (org_id, ticket_id) REFERENCES wb_ticket (org_id, id);
ALTER TABLE wb_price_rule ADD CONSTRAINT wb_price_rule_adjust_id_fkey FOREIGN KEY (org_id, adjust_id) REFERENCES wb_price_adjust (org_id, id);
ALTER TABLE wb_price_rule_end ADD CONSTRAINT wb_price_rule_end_adjust_id_fkey FOREIGN KEY (org_id, adjust_id) REFERENCES wb_price_adjust (org_id, id) ON DELETE CASCADE;
ALTER TABLE wb_price_rule_end ADD CONSTRAINT wb_price_rule_end_rule_id_fkey FOREIGN KEY (org_id, rule_id) REFERENCES wb_price_rule (org_id, id) ON DELETE CASCADE;
ALTER TABLE wb_registry ADD CONSTRAINT wb_registry_notice_id_notice_line_id_fkey FOREIGN KEY (org_id, notice_id, notice_line_id) REFERENCES wb_notice_line (org_id, notice_id, id);
ALTER TABLE wb_settlement ADD CONSTRAINT wb_settlement_contract_id_fkey FOREIGN KEY (org_id, contract_id) REFERENCES wb_contract (org_id, id);
ALTER TABLE wb_settlement_adjust ADD CONSTRAINT wb_settlement_adjust_ticket_id_fkey FOREIGN KEY (org_id, ticket_id) REFERENCES wb_ticket (org_id, id);
ALTER TABLE wb_settlement_payment ADD CONSTRAINT wb_settlement_payment_receipt_id_fkey FOREIGN KEY (org_id, receipt_id) REFERENCES fm_receipt (org_id, id);
ALTER TABLE wb_ticket ADD CONSTRAINT wb_ticket_notice_id_notice_line_id_fkey FOREIGN KEY (org_id, notice_id, notice_line_id) REFERENCES wb_notice_line (org_id, notice_id, id);
ALTER TABLE wf_action ADD CONSTRAINT wf_action_instance_id_fkey FOREIGN KEY (org_id, instance_id) REFERENCES wf_instance (org_id, id) ON DELETE CASCADE;
ALTER TABLE wf_cc ADD CONSTRAINT wf_cc_instance_id_fkey FOREIGN KEY (org_id, instance_id) REFERENCES wf_instance (org_id, id) ON DELETE CASCADE;
ALTER TABLE wf_notification ADD CONSTRAINT wf_notification_instance_id_fkey FOREIGN KEY (org_id, instance_id) REFERENCES wf_instance (org_id, id) ON DELETE CASCADE;
ALTER TABLE wf_step ADD CONSTRAINT wf_step_instance_id_fkey FOREIGN KEY (org_id, instance_id) REFERENCES wf_instance (org_id, id) ON DELETE CASCADE;
ALTER TABLE wf_task ADD CONSTRAINT wf_task_instance_id_fkey FOREIGN KEY (org_id, instance_id) REFERENCES wf_instance (org_id, id) ON DELETE CASCADE;
