CREATE TABLE `outbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text,
	`state` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `outbox_order` ON `outbox` (`order_id`,`seq`);--> statement-breakpoint
CREATE INDEX `outbox_open` ON `outbox` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `remote_orders` (
	`order_id` text PRIMARY KEY NOT NULL,
	`remote_order_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_orders_remote_order_id_unique` ON `remote_orders` (`remote_order_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `origin` text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `remote_missing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_categories` ADD `remote_missing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_categories` ADD `offline_allotment` integer;