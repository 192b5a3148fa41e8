CREATE INDEX "designs_description_trgm_idx" ON "designs" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designs_bom_path_idx" ON "designs" USING gin ("bom" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "designs_cover_key_idx" ON "designs" USING btree ("cover_key");