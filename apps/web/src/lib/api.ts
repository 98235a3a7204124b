// The /s/api client contract (X-Origin, XSRF, error shape, apiChecked) is shared with the staff app.
export { ApiError, ContractError, api, apiChecked, field, type RequestOptions } from '@grocer/shared/api-client';
