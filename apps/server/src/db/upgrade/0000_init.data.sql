-- A shop as the baseline schema (0000_init) held it: one website with warehouses, products, packs,
-- stock, delivery zones and slots, coupons, shoppers with addresses, a cart, a wishlist, a
-- cash-on-delivery order and a paid Cashfree order with their events, payments and outbox mail.
-- Dumped once (pg_dump --data-only --column-inserts) from a database migrated to 0000_init after
-- the order tests' checkout bench ran, plus hand-written content rows (categories, settings, a
-- page, a nav item). FROZEN like 0000_init itself: migrations.test.ts loads it at the baseline and
-- checks every row survives each later migration. Never edit it to follow a schema change.

INSERT INTO public.users (id, name, email, phone, superadmin, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 'Asha Shopper', 'asha@example.com', '9000000011', false, '2026-11-23 21:20:09.411385+00');
INSERT INTO public.users (id, name, email, phone, superadmin, created_at) OVERRIDING SYSTEM VALUE VALUES (2, 'Ravi Other', 'ravi@example.com', '9000000012', false, '2026-11-23 21:20:09.423811+00');
INSERT INTO public.users (id, name, email, phone, superadmin, created_at) OVERRIDING SYSTEM VALUE VALUES (3, 'Shopper 1', 's1-1795468810542@example.com', NULL, false, '2026-11-23 21:20:10.547823+00');
INSERT INTO public.users (id, name, email, phone, superadmin, created_at) OVERRIDING SYSTEM VALUE VALUES (4, 'Shopper 3', 's3-1795468811807@example.com', NULL, false, '2026-11-23 21:20:11.80886+00');

INSERT INTO public.websites (id, name, is_default, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 'Test Grocery', true, '2026-11-23 21:20:09.074785+00');

INSERT INTO public.addresses (id, website_id, user_id, name, phone, pincode, line1, line2, landmark, city, state, type, is_default, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, 3, 'Asha', '9000000011', '560001', 'Flat 4B, Lake View', '12 MG Road', NULL, 'Bengaluru', 'Karnataka', 'home', true, '2026-11-23 21:20:11.229095+00', '2026-11-23 21:20:11.281+00');
INSERT INTO public.addresses (id, website_id, user_id, name, phone, pincode, line1, line2, landmark, city, state, type, is_default, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, 4, 'Asha', '9000000011', '560001', 'Flat 4B, Lake View', '12 MG Road', NULL, 'Bengaluru', 'Karnataka', 'home', true, '2026-11-23 21:20:12.138724+00', '2026-11-23 21:20:12.157+00');

INSERT INTO public.brands (id, website_id, name, slug, logo) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Farm Fresh', 'farm-fresh', '');

INSERT INTO public.carts (id, website_id, session_id, user_id, offercode, notes, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, NULL, 4, NULL, NULL, '2026-11-23 21:20:12.007443+00', '2026-11-23 21:20:12.4+00');
INSERT INTO public.carts (id, website_id, session_id, user_id, offercode, notes, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, NULL, 3, NULL, NULL, '2026-11-23 21:20:10.82804+00', '2026-11-23 21:20:13.097+00');

INSERT INTO public.products (id, website_id, category_id, brand_id, name, slug, description, info, hsn_code, gst_rate, search_doc, search_text, min_price, max_discount, "position", created_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, NULL, 1, 'Basmati Rice', 'basmati-rice', '', NULL, '1006', 500, NULL, '', 0, 0, 0, '2026-11-23 21:20:09.141854+00');
INSERT INTO public.products (id, website_id, category_id, brand_id, name, slug, description, info, hsn_code, gst_rate, search_doc, search_text, min_price, max_discount, "position", created_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, NULL, 1, 'Toor Dal', 'toor-dal', '', NULL, '1006', 500, NULL, '', 0, 0, 0, '2026-11-23 21:20:09.186748+00');
INSERT INTO public.products (id, website_id, category_id, brand_id, name, slug, description, info, hsn_code, gst_rate, search_doc, search_text, min_price, max_discount, "position", created_at) OVERRIDING SYSTEM VALUE VALUES (3, 1, NULL, 1, 'Cow Ghee', 'cow-ghee', '', NULL, '1006', 500, NULL, '', 0, 0, 0, '2026-11-23 21:20:09.201506+00');
INSERT INTO public.products (id, website_id, category_id, brand_id, name, slug, description, info, hsn_code, gst_rate, search_doc, search_text, min_price, max_discount, "position", created_at) OVERRIDING SYSTEM VALUE VALUES (4, 1, NULL, 1, 'Vada Pav Mix', 'vada-pav-mix', '', NULL, '1006', 500, NULL, '', 0, 0, 0, '2026-11-23 21:20:09.234973+00');

INSERT INTO public.packs (id, website_id, product_id, name, sku, price, act_price, discount, discount_type, "position") OVERRIDING SYSTEM VALUE VALUES (1, 1, 1, '1 kg', '', 12000, 15000, 0, NULL, 0);
INSERT INTO public.packs (id, website_id, product_id, name, sku, price, act_price, discount, discount_type, "position") OVERRIDING SYSTEM VALUE VALUES (2, 1, 1, '5 kg', '', 55000, 55000, 0, NULL, 1);
INSERT INTO public.packs (id, website_id, product_id, name, sku, price, act_price, discount, discount_type, "position") OVERRIDING SYSTEM VALUE VALUES (3, 1, 2, '1 kg', '', 18000, 18000, 0, NULL, 0);
INSERT INTO public.packs (id, website_id, product_id, name, sku, price, act_price, discount, discount_type, "position") OVERRIDING SYSTEM VALUE VALUES (4, 1, 3, '500 ml', '', 30000, 32000, 0, NULL, 0);
INSERT INTO public.packs (id, website_id, product_id, name, sku, price, act_price, discount, discount_type, "position") OVERRIDING SYSTEM VALUE VALUES (5, 1, 4, '200 g', '', 9000, 9000, 0, NULL, 0);

INSERT INTO public.warehouses (id, website_id, name, code, city, state, pincode) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Bengaluru Central', 'BLR', 'Bengaluru', 'Karnataka', '');
INSERT INTO public.warehouses (id, website_id, name, code, city, state, pincode) OVERRIDING SYSTEM VALUE VALUES (2, 1, 'Mumbai Fort', 'MUM', 'Mumbai', 'Maharashtra', '');
INSERT INTO public.warehouses (id, website_id, name, code, city, state, pincode) OVERRIDING SYSTEM VALUE VALUES (3, 1, 'Delhi CP', 'DEL', 'Delhi', 'Delhi', '');

INSERT INTO public.cart_lines (id, website_id, cart_id, pack_id, warehouse_id, quantity, created_at) OVERRIDING SYSTEM VALUE VALUES (5, 1, 1, 3, 1, 1, '2026-11-23 21:20:13.093375+00');

INSERT INTO public.coupons (id, website_id, code, description, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit, per_customer_limit, active, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'WELCOME50', '₹50 off orders from ₹499', 'flat', 5000, NULL, 49900, NULL, NULL, NULL, 1, true, '2026-11-23 21:20:09.369136+00');
INSERT INTO public.coupons (id, website_id, code, description, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit, per_customer_limit, active, created_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, 'SAVE10', '10% off, up to ₹100', 'percent', 1000, 10000, 0, NULL, NULL, NULL, NULL, true, '2026-11-23 21:20:09.369136+00');
INSERT INTO public.coupons (id, website_id, code, description, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit, per_customer_limit, active, created_at) OVERRIDING SYSTEM VALUE VALUES (3, 1, 'OLD20', '', 'flat', 2000, NULL, 0, NULL, '2026-11-22 21:20:09.376+00', NULL, NULL, true, '2026-11-23 21:20:09.378858+00');
INSERT INTO public.coupons (id, website_id, code, description, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit, per_customer_limit, active, created_at) OVERRIDING SYSTEM VALUE VALUES (4, 1, 'ONCE', '', 'flat', 1000, NULL, 0, NULL, NULL, 1, NULL, true, '2026-11-23 21:20:09.378858+00');
INSERT INTO public.coupons (id, website_id, code, description, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit, per_customer_limit, active, created_at) OVERRIDING SYSTEM VALUE VALUES (5, 1, 'HALF', '', 'percent', 5000, 10000, 0, NULL, NULL, NULL, NULL, true, '2026-11-23 21:20:09.378858+00');
INSERT INTO public.coupons (id, website_id, code, description, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit, per_customer_limit, active, created_at) OVERRIDING SYSTEM VALUE VALUES (6, 1, 'BIG200', '', 'flat', 20000, NULL, 10000, NULL, NULL, NULL, NULL, true, '2026-11-23 21:20:09.378858+00');

INSERT INTO public.coupon_redemptions (id, website_id, coupon_id, user_id, order_id, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, 4, NULL, 'seed-order-1', '2026-11-23 21:20:09.40186+00');

INSERT INTO public.delivery_zones (id, website_id, name, warehouse_id, delivery_charge, free_above, cod_allowed, cod_max, lead_days) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Bengaluru', 1, 3000, 49900, true, 500000, 1);
INSERT INTO public.delivery_zones (id, website_id, name, warehouse_id, delivery_charge, free_above, cod_allowed, cod_max, lead_days) OVERRIDING SYSTEM VALUE VALUES (2, 1, 'Mumbai', 2, 3000, 49900, false, NULL, 1);
INSERT INTO public.delivery_zones (id, website_id, name, warehouse_id, delivery_charge, free_above, cod_allowed, cod_max, lead_days) OVERRIDING SYSTEM VALUE VALUES (3, 1, 'Delhi', 3, 3000, 49900, true, NULL, 1);

INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (1, 1, 1, '07:00', '10:00', 40);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (2, 1, 1, '10:00', '13:00', 40);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (3, 1, 1, '17:00', '20:00', 30);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (4, 1, 2, '07:00', '10:00', 40);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (5, 1, 2, '10:00', '13:00', 40);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (6, 1, 2, '17:00', '20:00', 30);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (7, 1, 3, '07:00', '10:00', 40);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (8, 1, 3, '10:00', '13:00', 40);
INSERT INTO public.delivery_slots (id, website_id, zone_id, start_time, end_time, capacity) OVERRIDING SYSTEM VALUE VALUES (9, 1, 3, '17:00', '20:00', 30);

INSERT INTO public.order_counters (website_id, next) VALUES (1, 1002);

INSERT INTO public.orders (id, website_id, ordernumber, user_id, status, payment_method, idempotency_key, address, pincode, zone_id, slot_id, slot_date, slot_start, slot_end, items_total, discount, coupon_id, coupon_code, delivery_charge, total, notes, created_at, updated_at) VALUES ('370a817d-062c-4621-8369-c0888c63f939', 1, 'GR1001', 3, 'placed', 'cod', 'test-key-2-t9jah6ti0y', '{"city": "Bengaluru", "name": "Asha", "type": "home", "line1": "Flat 4B, Lake View", "line2": "12 MG Road", "phone": "9000000011", "state": "Karnataka", "pincode": "560001", "landmark": null}', '560001', 1, 1, '2026-11-25', '07:00', '10:00', 91000, 0, NULL, NULL, 0, 91000, NULL, '2026-11-23 21:20:11.487817+00', '2026-11-23 21:20:11.487817+00');
INSERT INTO public.orders (id, website_id, ordernumber, user_id, status, payment_method, idempotency_key, address, pincode, zone_id, slot_id, slot_date, slot_start, slot_end, items_total, discount, coupon_id, coupon_code, delivery_charge, total, notes, created_at, updated_at) VALUES ('5adf8a8e-7ebc-4620-947a-e087e46efccc', 1, 'GR1002', 4, 'placed', 'cashfree', 'test-key-4-nfmg1vbjhhf', '{"city": "Bengaluru", "name": "Asha", "type": "home", "line1": "Flat 4B, Lake View", "line2": "12 MG Road", "phone": "9000000011", "state": "Karnataka", "pincode": "560001", "landmark": null}', '560001', 1, 1, '2026-11-25', '07:00', '10:00', 18000, 0, NULL, NULL, 3000, 21000, NULL, '2026-11-23 21:20:12.242865+00', '2026-11-23 21:20:12.751+00');

INSERT INTO public.order_events (id, website_id, order_id, status, actor, note, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, '370a817d-062c-4621-8369-c0888c63f939', 'placed', 'user:3', 'Cash on delivery', '2026-11-23 21:20:11.487817+00');
INSERT INTO public.order_events (id, website_id, order_id, status, actor, note, created_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, '5adf8a8e-7ebc-4620-947a-e087e46efccc', 'pending_payment', 'user:4', NULL, '2026-11-23 21:20:12.242865+00');
INSERT INTO public.order_events (id, website_id, order_id, status, actor, note, created_at) OVERRIDING SYSTEM VALUE VALUES (3, 1, '5adf8a8e-7ebc-4620-947a-e087e46efccc', 'placed', 'cashfree', 'Paid online (Cashfree)', '2026-11-23 21:20:12.728799+00');

INSERT INTO public.order_lines (id, website_id, order_id, pack_id, product_id, slug, image, product_name, pack_name, hsn_code, gst_rate, price, act_price, quantity, amount, warehouse_id, warehouse_state) OVERRIDING SYSTEM VALUE VALUES (1, 1, '370a817d-062c-4621-8369-c0888c63f939', 3, 2, 'toor-dal', 'products/toor-dal.webp', 'Toor Dal', '1 kg', '1006', 500, 18000, 18000, 2, 36000, 1, 'Karnataka');
INSERT INTO public.order_lines (id, website_id, order_id, pack_id, product_id, slug, image, product_name, pack_name, hsn_code, gst_rate, price, act_price, quantity, amount, warehouse_id, warehouse_state) OVERRIDING SYSTEM VALUE VALUES (2, 1, '370a817d-062c-4621-8369-c0888c63f939', 2, 1, 'basmati-rice', 'products/basmati-rice.webp', 'Basmati Rice', '5 kg', '1006', 500, 55000, 55000, 1, 55000, 1, 'Karnataka');
INSERT INTO public.order_lines (id, website_id, order_id, pack_id, product_id, slug, image, product_name, pack_name, hsn_code, gst_rate, price, act_price, quantity, amount, warehouse_id, warehouse_state) OVERRIDING SYSTEM VALUE VALUES (3, 1, '5adf8a8e-7ebc-4620-947a-e087e46efccc', 3, 2, 'toor-dal', 'products/toor-dal.webp', 'Toor Dal', '1 kg', '1006', 500, 18000, 18000, 1, 18000, 1, 'Karnataka');

INSERT INTO public.outbox (id, website_id, channel, "to", subject, body, html, status, attempts, error, created_at, sent_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'email', 's1-1795468810542@example.com', 'Order GR1001 confirmed', 'Thank you, Shopper 1. Your order GR1001 is placed.

2 × Toor Dal - 1 kg: ₹360
1 × Basmati Rice - 5 kg: ₹550

Total: ₹910 (cash on delivery)
Delivery: 2026-11-25 07:00–10:00
Deliver to: Flat 4B, Lake View, 12 MG Road, Bengaluru 560001', NULL, 'logged', 1, NULL, '2026-11-23 21:20:11.72997+00', '2026-11-23 21:20:11.733+00');
INSERT INTO public.outbox (id, website_id, channel, "to", subject, body, html, status, attempts, error, created_at, sent_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, 'email', 's3-1795468811807@example.com', 'Order GR1002 confirmed', 'Thank you, Shopper 3. Your order GR1002 is placed.

1 × Toor Dal - 1 kg: ₹180

Total: ₹210 (paid online)
Delivery: 2026-11-25 07:00–10:00
Deliver to: Flat 4B, Lake View, 12 MG Road, Bengaluru 560001', NULL, 'logged', 1, NULL, '2026-11-23 21:20:12.815027+00', '2026-11-23 21:20:12.829+00');

INSERT INTO public.payment_events (id, provider, event_id, order_id, kind, payload, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 'cashfree', 'payment:17954688126928', '5adf8a8e-7ebc-4620-947a-e087e46efccc', 'PAYMENT_SUCCESS_WEBHOOK', '{"data": {"order": {"order_id": "5adf8a8e-7ebc-4620-947a-e087e46efccc", "order_amount": 210, "order_currency": "INR"}, "payment": {"cf_payment_id": "17954688126928", "payment_amount": 210, "payment_status": "SUCCESS", "payment_message": "Transaction successful"}}, "type": "PAYMENT_SUCCESS_WEBHOOK", "event_time": "2026-11-23T21:20:12.692Z"}', '2026-11-23 21:20:12.728799+00');

INSERT INTO public.payments (id, website_id, order_id, provider, status, amount, provider_order_id, provider_payment_id, refund_id, meta, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, '370a817d-062c-4621-8369-c0888c63f939', 'cod', 'cod', 91000, NULL, NULL, NULL, '{}', '2026-11-23 21:20:11.487817+00', '2026-11-23 21:20:11.487817+00');
INSERT INTO public.payments (id, website_id, order_id, provider, status, amount, provider_order_id, provider_payment_id, refund_id, meta, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES (2, 1, '5adf8a8e-7ebc-4620-947a-e087e46efccc', 'cashfree', 'paid', 21000, '5adf8a8e-7ebc-4620-947a-e087e46efccc', '17954688126928', NULL, '{"payment_session_id": "session_e686d7b800c9527d44289a2bc6549857"}', '2026-11-23 21:20:12.242865+00', '2026-11-23 21:20:12.75+00');

INSERT INTO public.product_media (id, website_id, product_id, src, "position") OVERRIDING SYSTEM VALUE VALUES (1, 1, 1, 'products/basmati-rice.webp', 0);
INSERT INTO public.product_media (id, website_id, product_id, src, "position") OVERRIDING SYSTEM VALUE VALUES (2, 1, 2, 'products/toor-dal.webp', 0);
INSERT INTO public.product_media (id, website_id, product_id, src, "position") OVERRIDING SYSTEM VALUE VALUES (3, 1, 3, 'products/cow-ghee.webp', 0);
INSERT INTO public.product_media (id, website_id, product_id, src, "position") OVERRIDING SYSTEM VALUE VALUES (4, 1, 4, 'products/vada-pav-mix.webp', 0);

INSERT INTO public.sessions (id, website_id, user_id, pincode, data, created_at, last_seen_at, expires_at, revoked_at) VALUES ('EjWmfUC6YXOEgQ_y2n1KvroPpS4dZOGIzURqmjmaYTY', 1, 3, '560001', '{}', '2026-11-23 21:20:10.69801+00', '2026-11-23 21:20:10.69801+00', '2026-12-23 21:20:10.697+00', NULL);
INSERT INTO public.sessions (id, website_id, user_id, pincode, data, created_at, last_seen_at, expires_at, revoked_at) VALUES ('5RZYQtTfkTdFBMiCef2F9Dnju9BpL1vfjo5yAY3v9TQ', 1, 4, '560001', '{}', '2026-11-23 21:20:11.899515+00', '2026-11-23 21:20:11.899515+00', '2026-12-23 21:20:11.899+00', NULL);

INSERT INTO public.slot_bookings (website_id, slot_id, date, capacity, used) VALUES (1, 1, '2026-11-25', 40, 2);

INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 1, 1, 3);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 4, 1, 0);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 1, 2, 10);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 5, 2, 5);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 3, 2, 100);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 3, 3, 100);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 2, 1, 49);
INSERT INTO public.stock (website_id, pack_id, warehouse_id, available) VALUES (1, 3, 1, 97);

INSERT INTO public.website_domains (id, website_id, host) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'localhost');

INSERT INTO public.website_members (website_id, user_id, has_admin_access, is_sales_agent, created_at) VALUES (1, 3, false, false, '2026-11-23 21:20:10.610942+00');
INSERT INTO public.website_members (website_id, user_id, has_admin_access, is_sales_agent, created_at) VALUES (1, 4, false, false, '2026-11-23 21:20:11.855838+00');

INSERT INTO public.wishlist_categories (id, website_id, user_id, name, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, 3, 'Monthly', '2026-11-23 21:20:12.961579+00');

INSERT INTO public.wishlist_items (id, website_id, user_id, category_id, product_id, created_at) OVERRIDING SYSTEM VALUE VALUES (1, 1, 3, NULL, 1, '2026-11-23 21:20:13.008895+00');

INSERT INTO public.zone_pincodes (id, website_id, pincode, zone_id) OVERRIDING SYSTEM VALUE VALUES (1, 1, '560001', 1);
INSERT INTO public.zone_pincodes (id, website_id, pincode, zone_id) OVERRIDING SYSTEM VALUE VALUES (2, 1, '560034', 1);
INSERT INTO public.zone_pincodes (id, website_id, pincode, zone_id) OVERRIDING SYSTEM VALUE VALUES (3, 1, '400001', 2);
INSERT INTO public.zone_pincodes (id, website_id, pincode, zone_id) OVERRIDING SYSTEM VALUE VALUES (4, 1, '110001', 3);
INSERT INTO public.categories (id, website_id, parent_id, name, slug, avatar, "position") OVERRIDING SYSTEM VALUE VALUES (1, 1, NULL, 'Staples', 'staples', '', 0);
INSERT INTO public.categories (id, website_id, parent_id, name, slug, avatar, "position") OVERRIDING SYSTEM VALUE VALUES (2, 1, 1, 'Rice', 'rice', 'categories/rice.webp', 1);
UPDATE public.products SET category_id = 2 WHERE slug = 'basmati-rice';
INSERT INTO public.website_settings (website_id, logo, description, theme, font_family, active_theme, nav_setting, seo, popup, web_address, state) VALUES (1, 'logo.webp', 'Fresh staples, delivered', 'default', 'Poppins', '{"primary":"#0a7"}', '{"sticky":true}', '{"title":"Test Grocery"}', '{"image":"popup.webp","delay":5}', '{"city":"Bengaluru"}', 'Karnataka');
INSERT INTO public.pages (id, website_id, url, title, css, seo_title) OVERRIDING SYSTEM VALUE VALUES (1, 1, '/', 'Home', '.hero{color:red}', 'Test Grocery home');
INSERT INTO public.page_components (id, website_id, page_id, "position", name, type, data, settings) OVERRIDING SYSTEM VALUE VALUES (1, 1, 1, 0, 'Hero', 'hero_slider', '[{"image":"hero.webp","link":"/products"}]', '{"autoplay":true}');
INSERT INTO public.nav_items (id, website_id, kind, parent_id, "position", "group", name, icon, show_icon, link, value, slug, image) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'header', NULL, 0, NULL, 'Staples', 'wheat', 1, '/category/staples', NULL, 'staples', NULL);

SELECT pg_catalog.setval('public.addresses_id_seq', 2, true);
SELECT pg_catalog.setval('public.brands_id_seq', 1, true);
SELECT pg_catalog.setval('public.cart_lines_id_seq', 5, true);
SELECT pg_catalog.setval('public.carts_id_seq', 2, true);
SELECT pg_catalog.setval('public.categories_id_seq', 2, true);
SELECT pg_catalog.setval('public.coupon_redemptions_id_seq', 1, true);
SELECT pg_catalog.setval('public.coupons_id_seq', 6, true);
SELECT pg_catalog.setval('public.delivery_slots_id_seq', 9, true);
SELECT pg_catalog.setval('public.delivery_zones_id_seq', 3, true);
SELECT pg_catalog.setval('public.nav_items_id_seq', 1, true);
SELECT pg_catalog.setval('public.order_events_id_seq', 3, true);
SELECT pg_catalog.setval('public.order_lines_id_seq', 3, true);
SELECT pg_catalog.setval('public.outbox_id_seq', 2, true);
SELECT pg_catalog.setval('public.packs_id_seq', 5, true);
SELECT pg_catalog.setval('public.page_components_id_seq', 1, true);
SELECT pg_catalog.setval('public.pages_id_seq', 1, true);
SELECT pg_catalog.setval('public.payment_events_id_seq', 1, true);
SELECT pg_catalog.setval('public.payments_id_seq', 2, true);
SELECT pg_catalog.setval('public.product_media_id_seq', 4, true);
SELECT pg_catalog.setval('public.products_id_seq', 4, true);
SELECT pg_catalog.setval('public.sign_in_codes_id_seq', 1, false);
SELECT pg_catalog.setval('public.users_id_seq', 4, true);
SELECT pg_catalog.setval('public.warehouses_id_seq', 3, true);
SELECT pg_catalog.setval('public.website_domains_id_seq', 1, true);
SELECT pg_catalog.setval('public.websites_id_seq', 1, true);
SELECT pg_catalog.setval('public.wishlist_categories_id_seq', 1, true);
SELECT pg_catalog.setval('public.wishlist_items_id_seq', 1, true);
SELECT pg_catalog.setval('public.zone_pincodes_id_seq', 4, true);
