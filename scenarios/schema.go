package scenarios

// schemaDialect is the JSON Schema version Schema writes.
const schemaDialect = "https://json-schema.org/draft/2020-12/schema"

// Schema returns a JSON Schema (2020-12) of scenario files, generated from
// the field-spec tables the decoder walks, so that the two cannot drift: every
// field with its doc line, type, enum, bounds and default, the required
// fields, and each cell as a mapping of one key, its kind. Editors read it for completion
// and errors; the checks that span fields (a partition below the partition
// count, a figure of an earlier cell) are the decoder's alone. The output is
// deterministic: encoding/json sorts every object's keys.
func Schema() []byte {
	s := scenarioSpec.schema()
	s["$schema"] = schemaDialect
	s["title"] = "partlab scenario"
	s["description"] = "A scenario file of partlab: a title, the seeded source and notebook cells, rendered into a static HTML report."
	return encodeSchema(s)
}
