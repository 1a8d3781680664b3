CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount` integer NOT NULL,
	`amount_tendered` integer,
	`change` integer,
	`reference` text,
	`reject_reason` text,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancel_reason` text;--> statement-breakpoint
CREATE INDEX `orders_pending_expiry` ON `orders` (`expires_at`) WHERE status = 'payment_pending';