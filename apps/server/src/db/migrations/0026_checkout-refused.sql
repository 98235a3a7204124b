-- Hand-written: checkout places an order in one statement, committed on its own (orders/placement.ts
-- `placeOrder`). The statement takes the cart, the slot's place, each line's stock and the order
-- number one after the other, each only when the one before was taken, and then calls this
-- function with how far it got when it fell short: the error undoes everything the statement
-- wrote (nothing stays taken), and its detail names what was missing ('cart' when the cart
-- changed since it was read, 'slot' when the slot filled, 'stock N' when line N sold out).
CREATE FUNCTION "checkout_refused"("reason" text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'checkout refused: %', "reason" USING ERRCODE = 'GR409', DETAIL = "reason";
END $$;
--> statement-breakpoint
-- The recount at commit (0023) is planned for the products of each transaction: with the
-- planner's default its two statements were planned again at every commit, a custom plan for
-- each array of ids (about 0.5 ms of PostgreSQL's CPU a checkout, bench/orders.ts with
-- pg_stat_statements). One generic plan serves any number of products: index lookups by product
-- and by pack (checked on 100,000 products).
ALTER FUNCTION "product_stock_recount"() SET "plan_cache_mode" = 'force_generic_plan';
