DROP INDEX `outbox_open`;--> statement-breakpoint
CREATE INDEX `outbox_open` ON `outbox` (`state`,`seq`);