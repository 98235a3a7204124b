-- Hand-written (issue 46 §5): the language an order was placed in (the storefront's language of the
-- checkout, or the customer's account language for a counter, agent or standing order), so its
-- messages and documents speak it when the customer has no account language. Expand only.
ALTER TABLE "orders" ADD COLUMN "language" text;
