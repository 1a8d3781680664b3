CREATE TABLE `orders_search_progress` (
	`id` integer PRIMARY KEY NOT NULL,
	`indexed_through` integer NOT NULL,
	CONSTRAINT "orders_search_progress_one_row" CHECK("orders_search_progress"."id" = 1)
);
