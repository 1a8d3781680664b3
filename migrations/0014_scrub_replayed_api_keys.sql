-- Answers kept for Idempotency-Key replays once held a new API key in full (a POST /api-keys sent
-- with the header). A replay no longer shows it (secretFields, src/main/http/idempotency.ts); the
-- keys stored before are blanked here, so that neither the database nor its next backups hold them.
UPDATE `idempotency_keys`
SET `response_body` = json_set(`response_body`, '$.data.key', json('null'))
WHERE `path` = '/api-keys' AND `method` = 'POST' AND json_valid(`response_body`) AND json_type(`response_body`, '$.data.key') = 'text';
