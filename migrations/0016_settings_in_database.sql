CREATE TABLE `remote_connection` (
	`id` integer PRIMARY KEY NOT NULL,
	`base_url` text NOT NULL,
	`api_key` text NOT NULL,
	`api_key_shown` text NOT NULL,
	`owner_email` text NOT NULL,
	CONSTRAINT "remote_connection_one_row" CHECK("remote_connection"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
