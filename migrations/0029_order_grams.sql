CREATE TABLE `order_grams` (
	`event_id` text NOT NULL,
	`gram` text NOT NULL,
	`orders` integer NOT NULL,
	PRIMARY KEY(`event_id`, `gram`)
);
--> statement-breakpoint
ALTER TABLE `orders_search_progress` ADD `grams_counted_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- order_grams is fed from grams_counted_through 0: an existing counter counts its orders in the
-- search index's batches after the upgrade, and its short searches read them with LIKE meanwhile.
-- Orders do not change name, e-mail or event, nor are they deleted; should one counted already do
-- so, every count starts over, since a piece of its old text cannot be taken back in SQL.
CREATE TRIGGER `order_grams_delete` AFTER DELETE ON `orders`
  WHEN old.rowid <= (SELECT grams_counted_through FROM `orders_search_progress`) BEGIN
  DELETE FROM `order_grams`;
  UPDATE `orders_search_progress` SET grams_counted_through = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `order_grams_update` AFTER UPDATE OF customer_name, customer_email, event_id ON `orders`
  WHEN old.rowid <= (SELECT grams_counted_through FROM `orders_search_progress`) BEGIN
  DELETE FROM `order_grams`;
  UPDATE `orders_search_progress` SET grams_counted_through = 0;
END;
