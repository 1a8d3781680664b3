CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`created_by_user_id` text NOT NULL,
	`created_by_name` text NOT NULL,
	`amount_tendered` integer,
	`change` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `transaction_id` text;--> statement-breakpoint
CREATE INDEX `orders_transaction` ON `orders` (`transaction_id`);