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
