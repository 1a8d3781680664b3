CREATE TABLE `gate_journal_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`api_key_id` text,
	`outcome` text NOT NULL,
	`message` text,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `gate_pairings` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`gate` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`api_key_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `gate_event_id` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `gate_name` text;