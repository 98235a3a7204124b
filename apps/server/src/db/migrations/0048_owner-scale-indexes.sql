-- Hand-written (issue 42 goal 1, bench/owner-scale.ts): indexes the owner's screens need at a year's scale
-- (1,000,000 orders, 250,000 customers). The staff's search of people (`%q%` on name, email and mobile, the
-- customer list's and the order list's) was a sequential scan of every user; a trigram index, a bitmap per column.
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops, "email" gin_trgm_ops, "phone" gin_trgm_ops);
--> statement-breakpoint
-- The order list filtered by status, newest first, and the dashboard's orders waiting now.
CREATE INDEX IF NOT EXISTS "orders_status_list_idx" ON "orders" USING btree ("website_id", "status", "created_at");
--> statement-breakpoint
-- The pick list and packing slips of a delivery day and slot, and the order list's delivery-date filter.
CREATE INDEX IF NOT EXISTS "orders_slot_idx" ON "orders" USING btree ("website_id", "slot_date", "slot_id");
--> statement-breakpoint
-- The order list sorted by number (GR999 before GR1000: by length, then the text): the page's rows, not a sort of every order.
CREATE INDEX IF NOT EXISTS "orders_number_sort_idx" ON "orders" USING btree ("website_id", length("ordernumber"), "ordernumber");
