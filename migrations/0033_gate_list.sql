CREATE TABLE `mirrored_check_ins` (
	`ticket_id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`checked_in_at` integer NOT NULL,
	`gate` text DEFAULT '' NOT NULL,
	`user_id` text NOT NULL,
	`api_key_id` text,
	`cancel_reported_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `mirrored_tickets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `mirrored_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`remote_updated_at` text NOT NULL,
	`seen_at` integer NOT NULL,
	`gone` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `mirrored_orders_event_seen` ON `mirrored_orders` (`event_id`,`seen_at`);--> statement-breakpoint
CREATE TABLE `mirrored_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`event_id` text NOT NULL,
	`ticket_number` text NOT NULL,
	`lookup_key` text NOT NULL,
	`name` text NOT NULL,
	`ticket_category_id` text NOT NULL,
	`ticket_category_name` text NOT NULL,
	`status` text NOT NULL,
	`identity_number` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `mirrored_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mirrored_tickets_lookup` ON `mirrored_tickets` (`event_id`,`lookup_key`);--> statement-breakpoint
CREATE INDEX `mirrored_tickets_order` ON `mirrored_tickets` (`order_id`);--> statement-breakpoint
CREATE TABLE `scans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`at` integer NOT NULL,
	`direction` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text,
	`ticket_id` text,
	`source` text,
	`ticket_number` text DEFAULT '' NOT NULL,
	`ticket_category_id` text,
	`gate` text DEFAULT '' NOT NULL,
	`user_id` text NOT NULL,
	`api_key_id` text
);
--> statement-breakpoint
CREATE INDEX `scans_event_at` ON `scans` (`event_id`,`at`);--> statement-breakpoint
CREATE INDEX `scans_ticket` ON `scans` (`ticket_id`,`id`);--> statement-breakpoint
ALTER TABLE `events` ADD `reentry_allowed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TRIGGER `scans_no_update` BEFORE UPDATE ON `scans` BEGIN SELECT RAISE(ABORT, 'the scan log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `scans_no_delete` BEFORE DELETE ON `scans` BEGIN SELECT RAISE(ABORT, 'the scan log is append-only'); END;
