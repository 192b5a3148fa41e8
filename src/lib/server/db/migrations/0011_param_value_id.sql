DROP INDEX "product_params_key_num_idx";--> statement-breakpoint
CREATE INDEX "product_params_key_num_id_idx" ON "product_params" USING btree ("key","value_num","product_id");