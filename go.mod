module partlab

go 1.26.8

require gopkg.in/yaml.v3 v3.0.1

require (
	github.com/kr/pretty v0.1.0 // indirect
	gopkg.in/check.v1 v1.0.0-20180628173108-788fd7840127 // indirect
)
