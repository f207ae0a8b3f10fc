-- Sessions are now stored under a SHA-256 (hex) of their token, never the token itself. Existing
-- rows get the same hash of the token they were created with, so nobody is signed out.
UPDATE "sessions" SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex');
